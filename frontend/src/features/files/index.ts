export { UploadCard } from './UploadCard';
export { downloadFile, fileLink, useFiles } from './api';
export type { PortalFile } from './api';
export { isPreviewable } from './file-format';
export { FilePreview, type PreviewableFile } from './FilePreview';
