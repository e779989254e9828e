import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Socket } from 'socket.io-client';
import { openLiveSocket } from '../../lib/live/socket';
import { messageKeys } from './unread';

/** How long "Sam is typing…" shows after the last `typing` event. */
const TYPING_SHOWN_MS = 4000;
/** A person typing tells the others at most this often. */
const TYPING_SENT_EVERY_MS = 2500;

/** What the open thread's live events tell the page (nothing yet while the socket is away: the page polls). */
export interface MessagesLive {
  /** The name of whoever is typing in the open thread, for a few seconds after they last did. */
  typing: string | null;
  /** Tells the thread's room the person is typing (throttled). */
  notifyTyping: () => void;
}

/** For a thread shown without a socket (the person's drawer in User Management): it polls. */
export const NO_LIVE: MessagesLive = { typing: null, notifyTyping: () => undefined };

interface TypingEvent {
  thread_id: string;
  user_id: string;
  name: string;
}

/**
 * The Messages page's socket (issue 32's live contract): it joins the open thread's room, reads the
 * thread and the list again on `message` and `messages_purged`, and the list on `thread_unread` and `read` (whose read
 * state the list's people carry: the team's "Seen by"), and keeps `typing` for the page.
 */
export function useMessagesLive(tenantId: string | null, threadId: string | null): MessagesLive {
  const queryClient = useQueryClient();
  const socket = useRef<Socket | null>(null);
  const [connected, setConnected] = useState(false);
  const [typing, setTyping] = useState<TypingEvent | null>(null);
  const lastTypingSent = useRef(0);

  useEffect(() => {
    if (!tenantId) return;
    const live = openLiveSocket();
    const refreshList = () => void queryClient.invalidateQueries({ queryKey: messageKeys.list(tenantId) });
    const refreshThread = (event: { thread_id: string }) => {
      void queryClient.invalidateQueries({ queryKey: messageKeys.messages(tenantId, event.thread_id) });
      refreshList();
    };
    live.on('message', refreshThread);
    live.on('messages_purged', refreshThread);
    live.on('thread_unread', refreshList);
    live.on('read', refreshList);
    live.on('typing', (event: TypingEvent) => setTyping(event));
    live.on('connect', () => {
      setConnected(true);
      // Messages sent while the socket was not yet (or no longer) connected are read on (re)connection.
      refreshList();
    });
    live.on('disconnect', () => setConnected(false));
    socket.current = live;
    return () => {
      live.disconnect();
      socket.current = null;
    };
  }, [tenantId, queryClient]);

  // The room of the open thread, joined again on every (re)connection.
  useEffect(() => {
    const live = socket.current;
    if (!connected || !live || !tenantId || !threadId) return;
    live.emit('thread:join', { thread_id: threadId, tenant_id: tenantId });
    return () => void live.emit('thread:leave', { thread_id: threadId, tenant_id: tenantId });
  }, [connected, tenantId, threadId]);

  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => setTyping(null), TYPING_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [typing]);

  const notifyTyping = useCallback(() => {
    const now = Date.now();
    const live = socket.current;
    if (!live?.connected || !tenantId || !threadId || now - lastTypingSent.current < TYPING_SENT_EVERY_MS) return;
    lastTypingSent.current = now;
    live.emit('typing', { thread_id: threadId, tenant_id: tenantId });
  }, [tenantId, threadId]);

  return { typing: typing && typing.thread_id === threadId ? typing.name : null, notifyTyping };
}
