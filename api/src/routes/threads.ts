import {
  MESSAGE_MESSAGES,
  messageAnswer,
  messageEditBody,
  messagePageAnswer,
  messagePostBody,
  messageRecipientsAnswer,
  messagingPageQuery,
  threadAnswer,
  threadOpenBody,
  threadPeopleBody,
  threadPageAnswer,
} from '@portico/common';
import {
  addThreadPeople,
  deleteMessage,
  editMessage,
  listMessages,
  listRecipients,
  listThreads,
  markRead,
  openThread,
  postMessage,
  readableMessage,
  readableThread,
  removeThreadPerson,
} from '@portico/core';
import { z } from 'zod';
import { defineRoutes, type Tag } from '../http/route';
import { authorize, messageViewerOf, threadReaderOf } from '../policies';
import { presentMessage, presentThread } from '../presenters/messages';
import { pathId } from './schemas';

/* Conversations between the workspace's team and its clients (issue 32, DECISIONS §7). */

export const THREADS_TAG: Tag = {
  name: 'Messages',
  description:
    'Threads between the team and clients: a client’s own thread, group threads and announcements to a role.',
};

const threadId = pathId(MESSAGE_MESSAGES.threadNotFound, 'The thread’s id.');
export const threadParams = z.object({ id: threadId });
export const personParams = z.object({
  id: threadId,
  userId: pathId(MESSAGE_MESSAGES.notInThread, 'The person’s user id.'),
});
export const messageParams = z.object({
  id: threadId,
  messageId: pathId(MESSAGE_MESSAGES.messageNotFound, 'The message’s id.'),
});

const OPEN_REFUSALS = [
  MESSAGE_MESSAGES.chooseWho,
  MESSAGE_MESSAGES.clientsOrRole,
  MESSAGE_MESSAGES.notAClient,
  MESSAGE_MESSAGES.unknownRole,
  MESSAGE_MESSAGES.participantIds,
  MESSAGE_MESSAGES.tooManyParticipants,
  MESSAGE_MESSAGES.subjectTooLong,
].join(' / ');
const PEOPLE_REFUSALS = [
  MESSAGE_MESSAGES.chooseClients,
  MESSAGE_MESSAGES.participantIds,
  MESSAGE_MESSAGES.tooManyParticipants,
  MESSAGE_MESSAGES.notAClient,
  MESSAGE_MESSAGES.groupOnly,
].join(' / ');
const BODY_REFUSALS = [MESSAGE_MESSAGES.bodyRequired, MESSAGE_MESSAGES.bodyTooLong].join(' / ');

export const threadRoutes = defineRoutes('workspace', THREADS_TAG, (route) => [
  route({
    method: 'get',
    path: '/threads',
    operationId: 'listThreads',
    summary: 'List the threads the caller may read',
    description: 'The most recently active first, each with the caller’s unread count and its newest message.',
    query: messagingPageQuery,
    responses: { 200: { description: 'One page.', schema: threadPageAnswer } },
    refusals: { 400: 'A `limit` out of range, or a cursor that is not valid.' },
    handle: async ({ ctx, scope, query }) => {
      const { rows, nextCursor } = await listThreads(ctx, scope, { reader: threadReaderOf(scope), ...query });
      return { threads: rows.map(presentThread), next_cursor: nextCursor };
    },
  }),
  route({
    method: 'post',
    path: '/threads',
    operationId: 'openThread',
    summary: 'Open a thread, or find the client’s own',
    description:
      'A client sending no one gets their own thread with the team (opened on first ask). The team sends one client (their own thread), several (a group thread) or a `role` (an announcement).',
    body: threadOpenBody,
    bodyOptional: true,
    responses: { 200: { description: 'The thread.', schema: threadAnswer } },
    refusals: { 400: OPEN_REFUSALS, 403: MESSAGE_MESSAGES.clientsOnly },
    handle: async ({ ctx, scope, body }) => {
      const participantIds = body.participant_ids ?? [];
      if (participantIds.length > 0 || body.role) authorize(scope, 'messages.team');
      const thread = await openThread(ctx, scope, {
        reader: threadReaderOf(scope),
        participantIds,
        role: body.role,
        subject: body.subject,
      });
      return { thread: presentThread(thread) };
    },
  }),
  route({
    method: 'get',
    path: '/threads/:id',
    operationId: 'getThread',
    summary: 'Read one thread',
    params: threadParams,
    responses: { 200: { description: 'The thread.', schema: threadAnswer } },
    refusals: { 404: MESSAGE_MESSAGES.threadNotFound },
    handle: async ({ ctx, scope, params }) => ({
      thread: presentThread(await readableThread(ctx, scope, { reader: threadReaderOf(scope), threadId: params.id })),
    }),
  }),
  route({
    method: 'get',
    path: '/threads/:id/messages',
    operationId: 'listThreadMessages',
    summary: 'List a thread’s messages',
    description: 'The newest page first, oldest first within it; `next_cursor` reads the older messages.',
    params: threadParams,
    query: messagingPageQuery,
    responses: { 200: { description: 'One page.', schema: messagePageAnswer } },
    refusals: {
      400: 'A `limit` out of range, or a cursor that is not valid.',
      404: MESSAGE_MESSAGES.threadNotFound,
    },
    handle: async ({ ctx, scope, params, query }) => {
      const { rows, nextCursor } = await listMessages(ctx, scope, {
        viewer: messageViewerOf(scope),
        threadId: params.id,
        ...query,
      });
      return { messages: rows.map(presentMessage), next_cursor: nextCursor };
    },
  }),
  route({
    method: 'post',
    path: '/threads/:id/messages',
    operationId: 'postThreadMessage',
    summary: 'Post a message',
    description:
      'Attached files (`file_ids`, files of the workspace the poster can open) are shared with the thread’s people and appear in their Files. Sends `message.created` to the workspace’s webhooks.',
    params: threadParams,
    body: messagePostBody,
    responses: { 201: { description: 'The message.', schema: messageAnswer } },
    refusals: {
      400: [
        BODY_REFUSALS,
        MESSAGE_MESSAGES.fileIds,
        MESSAGE_MESSAGES.tooManyFiles,
        MESSAGE_MESSAGES.fileNotVisible,
      ].join(' / '),
      404: MESSAGE_MESSAGES.threadNotFound,
    },
    handle: async ({ ctx, scope, params, body }) => ({
      message: presentMessage(
        await postMessage(ctx, scope, {
          viewer: messageViewerOf(scope),
          threadId: params.id,
          body: body.body,
          fileIds: body.file_ids,
        }),
      ),
    }),
  }),
  route({
    method: 'patch',
    path: '/threads/:id/messages/:messageId',
    operationId: 'editThreadMessage',
    summary: 'Edit a message',
    description: 'By its author, in the 15 minutes after sending it.',
    params: messageParams,
    body: messageEditBody,
    responses: { 200: { description: 'The message.', schema: messageAnswer } },
    refusals: {
      400: BODY_REFUSALS,
      403: `${MESSAGE_MESSAGES.notAuthorEdit} / ${MESSAGE_MESSAGES.editWindowClosed} (\`edit_window_closed\`)`,
      404: `${MESSAGE_MESSAGES.threadNotFound} / ${MESSAGE_MESSAGES.messageNotFound}`,
      409: `${MESSAGE_MESSAGES.deleted} (\`message_deleted\`)`,
    },
    handle: async ({ ctx, scope, params, body }) => {
      const input = { viewer: messageViewerOf(scope), threadId: params.id, messageId: params.messageId };
      const message = await readableMessage(ctx, scope, input);
      authorize(scope, 'messages.edit', { ownerId: message.author_id });
      return { message: presentMessage(await editMessage(ctx, scope, { ...input, body: body.body })) };
    },
  }),
  route({
    method: 'delete',
    path: '/threads/:id/messages/:messageId',
    operationId: 'deleteThreadMessage',
    summary: 'Delete a message',
    description: 'By its author: it stays in its place, shown as deleted, without its text or files.',
    params: messageParams,
    responses: { 200: { description: 'The message as deleted.', schema: messageAnswer } },
    refusals: {
      403: MESSAGE_MESSAGES.notAuthorDelete,
      404: `${MESSAGE_MESSAGES.threadNotFound} / ${MESSAGE_MESSAGES.messageNotFound}`,
    },
    handle: async ({ ctx, scope, params }) => {
      const input = { viewer: messageViewerOf(scope), threadId: params.id, messageId: params.messageId };
      const message = await readableMessage(ctx, scope, input);
      authorize(scope, 'messages.delete', { ownerId: message.author_id });
      return { message: presentMessage(await deleteMessage(ctx, scope, input)) };
    },
  }),
  route({
    method: 'get',
    path: '/message-recipients',
    operationId: 'listMessageRecipients',
    summary: 'List the clients the team can write to',
    description: 'The workspace’s active clients by name: for a new conversation or a group thread’s people.',
    responses: { 200: { description: 'By name.', schema: messageRecipientsAnswer } },
    refusals: { 403: MESSAGE_MESSAGES.clientsOnly },
    authorize: 'messages.team',
    handle: async ({ ctx, scope }) => ({
      recipients: (await listRecipients(ctx, scope)).map(({ id, name, email, role }) => ({
        id,
        name: name ?? email,
        email,
        role,
      })),
    }),
  }),
  route({
    method: 'post',
    path: '/threads/:id/participants',
    operationId: 'addThreadPeople',
    summary: 'Add clients to a group thread',
    description: 'They read the whole thread from now on; those already in it stay.',
    params: threadParams,
    body: threadPeopleBody,
    responses: { 200: { description: 'The thread with its people.', schema: threadAnswer } },
    refusals: { 400: PEOPLE_REFUSALS, 403: MESSAGE_MESSAGES.teamChangesPeople, 404: MESSAGE_MESSAGES.threadNotFound },
    authorize: 'messages.people',
    handle: async ({ ctx, scope, params, body }) => ({
      thread: presentThread(
        await addThreadPeople(ctx, scope, {
          reader: threadReaderOf(scope),
          threadId: params.id,
          participantIds: body.participant_ids,
        }),
      ),
    }),
  }),
  route({
    method: 'delete',
    path: '/threads/:id/participants/:userId',
    operationId: 'removeThreadPerson',
    summary: 'Take a client out of a group thread',
    description: 'They no longer read it; the files already shared with them stay theirs.',
    params: personParams,
    responses: { 200: { description: 'The thread with its people.', schema: threadAnswer } },
    refusals: {
      400: `${MESSAGE_MESSAGES.groupOnly} / ${MESSAGE_MESSAGES.keepOneClient}`,
      403: MESSAGE_MESSAGES.teamChangesPeople,
      404: `${MESSAGE_MESSAGES.threadNotFound} / ${MESSAGE_MESSAGES.notInThread}`,
    },
    authorize: 'messages.people',
    handle: async ({ ctx, scope, params }) => ({
      thread: presentThread(
        await removeThreadPerson(ctx, scope, {
          reader: threadReaderOf(scope),
          threadId: params.id,
          userId: params.userId,
        }),
      ),
    }),
  }),
  route({
    method: 'post',
    path: '/threads/:id/read',
    operationId: 'markThreadRead',
    summary: 'Mark a thread read',
    description: 'Everything in it so far counts as read by the caller.',
    params: threadParams,
    responses: { 200: { description: 'The thread, with no unread messages.', schema: threadAnswer } },
    refusals: { 404: MESSAGE_MESSAGES.threadNotFound },
    whileReadOnly: true,
    handle: async ({ ctx, scope, params }) => ({
      thread: presentThread(await markRead(ctx, scope, { reader: threadReaderOf(scope), threadId: params.id })),
    }),
  }),
]);
