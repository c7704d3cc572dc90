import { SIZA_ROUTES, SizaAnswer, SizaCleared, SizaHistory, type SizaQuestionRequest } from '@portal/domain/siza/siza';
import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

// Ask Siza (spec 2; decision 030): the user's conversation, asking, clearing.

const sizaKeys = { chat: ['siza', 'chat'] as const };

/** The conversation, newest page first; `before` pages back to earlier items. */
export function useSizaChat(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: sizaKeys.chat,
    queryFn: ({ signal, pageParam }) =>
      api(SIZA_ROUTES.chat, { query: { before: pageParam }, schema: SizaHistory, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => (page.hasEarlier ? page.items[0]?.id : undefined),
    enabled,
  });
}

export function useAskSiza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SizaQuestionRequest) =>
      api(SIZA_ROUTES.questions, { method: 'POST', body: request, schema: SizaAnswer }),
    // The newest page grows by the question and its answer: no need to read the history again.
    onSuccess: (answer) =>
      queryClient.setQueryData<InfiniteData<SizaHistory, number | undefined>>(sizaKeys.chat, (data) => {
        if (!data) return data;
        const [newest, ...older] = data.pages;
        const grown = { ...newest!, items: [...(newest?.items ?? []), ...answer.items] };
        return { ...data, pages: [grown, ...older] };
      }),
  });
}

export function useClearSiza() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(SIZA_ROUTES.chat, { method: 'DELETE', schema: SizaCleared }),
    onSuccess: () => queryClient.resetQueries({ queryKey: sizaKeys.chat }),
  });
}
