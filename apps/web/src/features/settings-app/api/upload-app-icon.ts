import { apiFetch } from '../../../lib/settings/api-client';
import type { AppSettings } from './get-app-settings';

/** PUT /api/settings/app/icon — the file itself as the body, its name in X-File-Name. */
export const uploadAppIcon = (file: File) =>
  apiFetch<AppSettings>('/api/settings/app/icon', {
    method: 'PUT',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) },
  });
