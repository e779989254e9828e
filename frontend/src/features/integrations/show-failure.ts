import { toast } from 'sonner';
import { ApiError, errorMessage } from '../../lib/api/http';

/** A create or save that failed: a 400 is about the form's field and shows by it; anything else is a toast. */
export function showFailure(err: unknown, showByField: (message: string) => void, fallback: string) {
  if (err instanceof ApiError && err.status === 400) showByField(err.message);
  else toast.error(errorMessage(err, fallback));
}
