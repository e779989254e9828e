/**
 * The messages bench's baseline: bare socket.io on a bare HTTP server. A socket joins the one room
 * with `join`; `POST /emit` emits `message` to that room and answers 204. No session, no database,
 * no Redis: what a post's delivery costs above socket.io itself is what the bench compares.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const ROOM = 'bench';
let sent = 0;
const server = createServer((req, res) => {
  if (req.method === 'POST' && req.url === '/emit') {
    req.resume();
    req.on('end', () => {
      io.to(ROOM).emit('message', { thread_id: ROOM, message_id: String(++sent), change: 'created' });
      res.writeHead(204).end();
    });
    return;
  }
  res.writeHead(404).end();
});
const io = new Server(server, { path: '/socket.io', serveClient: false });
io.on('connection', (socket) => {
  socket.on('join', (ack: () => void) => {
    void socket.join(ROOM);
    ack();
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`socket echo listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => {
  io.close();
  server.close(() => process.exit(0));
});
