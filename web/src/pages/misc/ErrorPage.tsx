import { Button } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNotFound, NotFoundScreen } from './NotFoundPage';
import { ScreenFrame, ScreenMessage, useWayHome } from './screen-frame';

export const ERROR_TITLE = 'Something went wrong';
export const ERROR_TEXT = 'This page stopped on an unexpected error. Try again; if it happens again, go back and try later.';

/**
 * The "something went wrong" screen (the original error-1, docs/decisions.md "Original routes with a
 * screen"): Try again, and the way back to the person's own area.
 */
export function SomethingWentWrong({ onRetry }: { onRetry: () => void }) {
  const home = useWayHome();
  return (
    <ScreenFrame>
      <ScreenMessage
        role="alert"
        label="Error"
        labelColor="red.700"
        title={ERROR_TITLE}
        text={ERROR_TEXT}
        actions={
          <>
            <Button colorPalette="brand" onClick={onRetry}>
              Try again
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={home.to}>{home.label}</RouterLink>
            </Button>
          </>
        }
      />
    </ScreenFrame>
  );
}

/**
 * What the router shows when a page throws while loading or drawing (every route's error
 * boundary): a record the server says does not exist is the not-found screen; anything else is
 * error-1, drawn inside the page's frame. Try again forgets the data the page was drawn from
 * (it may be what broke it) and loads the page again.
 */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const queryClient = useQueryClient();
  if (isNotFound(error)) return <NotFoundScreen />;
  const retry = () => {
    void queryClient.resetQueries();
    reset();
    void router.invalidate();
  };
  return <SomethingWentWrong onRetry={retry} />;
}

/** /auth/error-1 opened as an address: Try again returns to the page the person came from. */
export function ErrorPage() {
  const router = useRouter();
  const home = useWayHome();
  const retry = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: home.to });
  };
  return <SomethingWentWrong onRetry={retry} />;
}
