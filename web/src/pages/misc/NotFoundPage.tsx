import { Button } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { ApiError } from '../../api/api-error';
import { ScreenFrame, ScreenMessage, useWayHome } from './screen-frame';

export const NOT_FOUND_TITLE = 'We could not find that page';
export const NOT_FOUND_TEXT = 'The page or record you asked for does not exist. The link may be out of date, or the page may have moved.';

/** A call the server answered 404: the record it names does not exist (or is not the caller's to see). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

interface NotFoundProps {
  title?: string;
  text?: string;
}

/** The not-found screen's content, for a page that keeps its own frame around it (e.g. the message page's way back to the inbox). */
export function NotFoundContent({ title = NOT_FOUND_TITLE, text = NOT_FOUND_TEXT }: NotFoundProps) {
  const home = useWayHome();
  return (
    <ScreenMessage
      label="404"
      labelColor="brand.700"
      title={title}
      text={text}
      actions={
        <>
          <Button asChild colorPalette="brand">
            <RouterLink to={home.to}>{home.label}</RouterLink>
          </Button>
          {home.to !== '/' ? (
            <Button asChild variant="outline">
              <RouterLink to="/">Home page</RouterLink>
            </Button>
          ) : null}
        </>
      }
    />
  );
}

/**
 * The "does not exist" screen (the original error-2, docs/decisions.md "Original routes with a screen"):
 * an unknown address, or a record the server answers 404 for. `title` and `text` name the record.
 * The way back leads to the person's own area, or the home page when signed out.
 */
export function NotFoundScreen(props: NotFoundProps) {
  return (
    <ScreenFrame>
      <NotFoundContent {...props} />
    </ScreenFrame>
  );
}

/** Unknown addresses, and /auth/error-2 itself. */
export function NotFoundPage() {
  return <NotFoundScreen />;
}
