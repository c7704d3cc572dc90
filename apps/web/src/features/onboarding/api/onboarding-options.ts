import { ManagerOptions, OnboardingOptions } from '@portal/domain/people/new-user';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const onboardingKeys = {
  options: ['onboarding', 'options'] as const,
  managers: (search: string) => ['onboarding', 'managers', search] as const,
};

/** Product types, suppliers with their product types, deals and the default manager (the current user). */
export function useOnboardingOptions() {
  return useQuery({
    queryKey: onboardingKeys.options,
    queryFn: ({ signal }) => api('/api/onboarding/options', { schema: OnboardingOptions, signal }),
    staleTime: 5 * 60_000,
  });
}

/** Active users the current user may choose as manager, by name or Z-code. */
export function useManagerOptions(search: string) {
  return useQuery({
    queryKey: onboardingKeys.managers(search),
    queryFn: ({ signal }) =>
      api('/api/onboarding/managers', {
        query: { search: search || undefined, limit: 20 },
        schema: ManagerOptions,
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
