import { describe, expect, it } from 'vitest';
import { isPreviewable } from '../src/features/files/file-format';
import { formatBytes } from '../src/ui/format';
import { uploadSuccessMessage } from '../src/features/files/upload-messages';

describe('upload success messages (tenant-portal §8)', () => {
  const file = { user_id: null, assigned_roles: [] as string[], recipients_count: 0 };
  it('says File uploaded for a member', () => {
    expect(uploadSuccessMessage('self', { ...file, user_id: 'u1', recipients_count: 1 }, [])).toBe('File uploaded');
  });
  it('names the user, the role and its member count, or both', () => {
    expect(uploadSuccessMessage('choice', { ...file, user_id: 'u1', recipients_count: 1 }, [])).toBe(
      'File uploaded for user',
    );
    expect(
      uploadSuccessMessage('choice', { ...file, assigned_roles: ['role2'], recipients_count: 3 }, ['Client']),
    ).toBe('File uploaded for 3 users with Client role');
    expect(
      uploadSuccessMessage('both', { ...file, user_id: 'u1', assigned_roles: ['role2'], recipients_count: 4 }, [
        'Client',
      ]),
    ).toBe('Uploaded & assigned');
  });
});

describe('file helpers', () => {
  it('previews pdf and raster images whose type matches the extension, never SVG', () => {
    expect(isPreviewable({ original_name: 'a.PDF', content_type: 'application/pdf' })).toBe(true);
    expect(isPreviewable({ original_name: 'a.jpg', content_type: 'image/jpeg' })).toBe(true);
    expect(isPreviewable({ original_name: 'a.svg', content_type: 'image/svg+xml' })).toBe(false);
    expect(isPreviewable({ original_name: 'a.png', content_type: 'text/html' })).toBe(false);
    expect(isPreviewable({ original_name: 'a.docx', content_type: 'application/msword' })).toBe(false);
  });
  it('formats sizes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
