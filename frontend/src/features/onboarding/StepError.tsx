import { Alert } from '../../ui/Alert';
import { errorMessage } from '../../lib/api/http';

/** A step's failed call, in the server's words. */
export function StepError({ error }: { error: unknown }) {
  return error ? <Alert tone="error">{errorMessage(error, 'Something went wrong. Try again.')}</Alert> : null;
}
