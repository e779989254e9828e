export { useFormList } from './api/form-list';
export { STATUS_LABELS, formPaths } from './manage/form-manage';
