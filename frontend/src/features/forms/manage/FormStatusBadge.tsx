import type { FormStatus } from '@portico/common';
import { Badge } from '../../../ui/Badge';
import { STATUS_LABELS, STATUS_TONES } from './form-manage';

export function FormStatusBadge({ status }: { status: FormStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
