import { QueryClient } from '@tanstack/react-query';

/** One cache for the whole app; the session clears it on logout. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Business errors are answers, not network blips: retrying them only repeats the toast.
      retry: false,
      refetchOnWindowFocus: false,
    },
  },
});
