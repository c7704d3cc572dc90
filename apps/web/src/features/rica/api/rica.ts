import { type RicaRequest, RicaResponse } from '@portal/domain/rica/rica';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export function useRegisterSim() {
  return useMutation({
    mutationFn: (form: RicaRequest) => api('/api/rica', { method: 'POST', body: form, schema: RicaResponse }),
  });
}
