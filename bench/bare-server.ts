/** The baseline: a bare Express route answering a small JSON object, nothing else. */
import express from 'express';

const app = express();
app.get('/bare', (_req, res) => {
  res.json({ name: 'Baseline', features: {}, role_labels: { admin: 'Admin' } });
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`bare listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
