import { formatDateTime } from '@portal/domain/platform/format';

/** Spec 3 §9: history timestamps read YYYY/MM/DD HH:mm:ss (South African time). */
export function formatHistoryTime(value: string | Date): string {
  return formatDateTime(value).replace(', ', ' ');
}
