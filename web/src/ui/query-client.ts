import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Forms and reference data change rarely; refetching on every tab switch would only flicker.
      refetchOnWindowFocus: false,
    },
  },
});
