import { useParams } from 'react-router';

/** The `:dealerId` of the address when it is a dealer id; undefined otherwise ('Invalid user ID'). */
export function useDealerIdParam(): number | undefined {
  const { dealerId } = useParams();
  if (!dealerId || !/^\d{1,9}$/.test(dealerId)) return undefined;
  const id = Number(dealerId);
  return id > 0 ? id : undefined;
}
