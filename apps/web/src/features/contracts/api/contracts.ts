import {
  ContractDownloadLink,
  ContractSubmissionList,
  contractPath,
  type DeclineContractRequest,
  type GenerateContractRequest,
  GeneratedContract,
  CONTRACT_ROUTES as R,
  type SignContractRequest,
  SigningOutcome,
  SigningView,
} from '@portal/domain/contracts/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const contractKeys = {
  all: ['contracts'] as const,
  agent: (agentId: number) => ['contracts', 'agent', agentId] as const,
  signing: (token: string) => ['contracts', 'signing', token] as const,
};

/** The Dealer Contracts modal's list (read while the modal is open). */
export function useContractSubmissions(agentId: number, enabled: boolean) {
  return useQuery({
    queryKey: contractKeys.agent(agentId),
    queryFn: ({ signal }) => api(contractPath(R.submissions, { agentId }), { schema: ContractSubmissionList, signal }),
    enabled,
  });
}

export function useGenerateContract(agentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GenerateContractRequest) =>
      api(contractPath(R.generate, { agentId }), { method: 'POST', body, schema: GeneratedContract }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.agent(agentId) }),
  });
}

export function fetchDownloadLink(contractId: number) {
  return api(contractPath(R.downloadLink, { contractId }), { schema: ContractDownloadLink });
}

/** The public signing page: the contract behind the link, no sign-in. */
export function useSigningView(token: string) {
  return useQuery({
    queryKey: contractKeys.signing(token),
    queryFn: ({ signal }) => api(contractPath(R.signingView, { token }), { schema: SigningView, signal }),
    retry: false,
  });
}

export function useSignContract(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignContractRequest) =>
      api(contractPath(R.sign, { token }), { method: 'POST', body, schema: SigningOutcome }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.signing(token) }),
  });
}

export function useDeclineContract(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeclineContractRequest) =>
      api(contractPath(R.decline, { token }), { method: 'POST', body, schema: SigningOutcome }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: contractKeys.signing(token) }),
  });
}
