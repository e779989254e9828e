import type { FormStatus } from '@portico/common';
import { Badge } from '../../../components/Badge';
import { STATUS_LABELS, STATUS_TONES } from './form-manage';

export function FormStatusBadge({ status }: { status: FormStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
