/** The webhooks bench's baseline: a BullMQ worker whose jobs do nothing, on the same Redis. */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';

const connection = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const worker = new Worker(process.env.QUEUE ?? 'bench-noop', async () => undefined, {
  connection,
  prefix: process.env.REDIS_PREFIX ?? 'bench',
  concurrency: Number(process.env.CONCURRENCY ?? 10),
});
worker.on('ready', () => console.log('noop worker ready'));
process.once('SIGTERM', () => {
  void worker
    .close()
    .then(() => connection.quit())
    .then(() => process.exit(0));
});
