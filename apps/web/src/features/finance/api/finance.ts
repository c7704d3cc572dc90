import {
  ApplicationCreated,
  AvailableCredit,
  AvailableSupport,
  CreditApplicationPage,
  FINANCE_ROUTES,
  type NewCreditApplication,
  type NewSupportApplication,
  SupportApplicationPage,
} from '@portal/domain/finance';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const LIST_PAGE_SIZE = 5;

export const financeKeys = {
  user: (userId: number) => ['finance', userId] as const,
  availableCredit: (userId: number) => ['finance', userId, 'available-credit'] as const,
  availableSupport: (userId: number) => ['finance', userId, 'available-support'] as const,
  support: (userId: number, page: number) => ['finance', userId, 'support', page] as const,
  credit: (userId: number, page: number) => ['finance', userId, 'credit', page] as const,
};

export function useAvailableCredit(userId: number, enabled = true) {
  return useQuery({
    queryKey: financeKeys.availableCredit(userId),
    queryFn: ({ signal }) =>
      api(FINANCE_ROUTES.availableCredit, { query: { user_id: userId }, schema: AvailableCredit, signal }),
    enabled,
  });
}

export function useAvailableSupport(userId: number, enabled = true) {
  return useQuery({
    queryKey: financeKeys.availableSupport(userId),
    queryFn: ({ signal }) =>
      api(FINANCE_ROUTES.availableSupport, { query: { user_id: userId }, schema: AvailableSupport, signal }),
    enabled,
  });
}

export function useSupportApplications(userId: number, page: number) {
  return useQuery({
    queryKey: financeKeys.support(userId, page),
    queryFn: ({ signal }) =>
      api(FINANCE_ROUTES.supportApplications(userId), {
        query: { page, pageSize: LIST_PAGE_SIZE },
        schema: SupportApplicationPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreditApplications(userId: number, page: number) {
  return useQuery({
    queryKey: financeKeys.credit(userId, page),
    queryFn: ({ signal }) =>
      api(FINANCE_ROUTES.creditApplications(userId), {
        query: { page, pageSize: LIST_PAGE_SIZE },
        schema: CreditApplicationPage,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useFinanceMutation<TInput>(userId: number, request: (input: TInput) => Promise<ApplicationCreated>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: financeKeys.user(userId) }),
  });
}

export function useCreateSupportApplication(userId: number) {
  return useFinanceMutation(userId, (body: NewSupportApplication) =>
    api(FINANCE_ROUTES.supportApplications(userId), { method: 'POST', body, schema: ApplicationCreated }),
  );
}

export function useCreateCreditApplication(userId: number) {
  return useFinanceMutation(userId, (body: NewCreditApplication) =>
    api(FINANCE_ROUTES.creditApplications(userId), { method: 'POST', body, schema: ApplicationCreated }),
  );
}
