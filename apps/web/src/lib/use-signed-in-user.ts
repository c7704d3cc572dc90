import type { CurrentUser } from '@portal/domain/accounts/me';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from './get-me';

/** The current user inside the signed-in shell, which renders only once the user is known. */
export function useSignedInUser(): CurrentUser {
  const { data } = useQuery(meQueryOptions);
  if (!data) throw new Error('No signed-in user');
  return data;
}
