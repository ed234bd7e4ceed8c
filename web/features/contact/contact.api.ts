import { useMutation } from '@tanstack/react-query';
import type { ContactInput } from '../../../common/schemas.ts';
import { api } from '../../lib/api.ts';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (input: ContactInput) => api<{ id: string }>('/api/contact', { method: 'POST', body: input }) });
}
