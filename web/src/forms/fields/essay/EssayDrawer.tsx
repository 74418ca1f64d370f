import { Alert, Button, Center, CloseButton, Drawer, HStack, Portal, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { wordsLabel } from './essay-words';
import type { EssayDraft } from '../../../api/essays';
import { EssayAssistDialog } from './EssayAssistDialog';
import type { EssayEditorHandle } from './EssayEditor';

/**
 * The writing area comes with the drawer, never with the page: first its stand-in, editable at
 * once (EssayWriter.tsx), then Tiptap and ProseMirror, which take over from it.
 */
const loadWriter = () => import('./EssayWriter');
const EssayWriter = lazy(loadWriter);

/** Fetches the writing area and the editor ahead of the click (on hover or focus of "Write essay"). */
export function preloadEssayEditor(): void {
  void loadWriter().then((module) => module.preloadTiptap());
}

export interface EssayDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The field's title, the drawer's heading. */
  title: string;
  /** The saved essay's HTML ('' when there is none). */
  initialHtml: string;
  /** The original hint 'Min word: 1000' (display only: nothing stops a shorter essay). */
  minWords?: number;
  /** The provider's word limit, when the requirement has one. */
  maxWords?: number;
  scholarshipId?: string;
  /** "Done": the essay's HTML, or undefined when it has no words. */
  onDone: (html: string | undefined) => void;
}

/**
 * The essay editor in a full-height drawer. It opens with the writing assistant's choice when the
 * essay is still empty (and offers it again from "Writing help"). Cancel, Escape or the close
 * button leave the saved essay as it was; only Done changes it. A fresh drawer is mounted for
 * each opening (EssayField keys it), so nothing of an abandoned attempt lingers.
 */
export function EssayDrawer({ open, onClose, title, initialHtml, minWords, maxWords, scholarshipId, onDone }: EssayDrawerProps) {
  const editor = useRef<EssayEditorHandle>(null);
  const body = useRef<HTMLDivElement>(null);
  const [content, setContent] = useState(() => ({ html: initialHtml }));
  const [assistOpen, setAssistOpen] = useState(false);
  const [offline, setOffline] = useState(false);
  const [replacesText, setReplacesText] = useState(false);
  const [startsEmpty] = useState(initialHtml === '');

  // The choice opens a frame after the drawer: a modal mounted in the drawer's first frame would be
  // hidden from screen readers by the drawer's own hiding of everything outside it.
  useEffect(() => {
    if (!startsEmpty) return;
    const frame = requestAnimationFrame(() => setAssistOpen(true));
    return () => cancelAnimationFrame(frame);
  }, [startsEmpty]);

  const offerHelp = () => {
    setReplacesText(editor.current?.html() !== undefined);
    setAssistOpen(true);
  };
  const takeDraft = (draft: EssayDraft) => {
    setContent({ html: draft.content });
    setOffline(draft.source === 'offline');
  };
  const done = () => {
    // Before the editor has loaded nothing can have changed: keep the saved essay as it is.
    if (editor.current) onDone(editor.current.html());
    onClose();
  };

  return (
    <>
      <Drawer.Root
        open={open}
        onOpenChange={(details) => {
          if (!details.open) onClose();
        }}
        placement="end"
        size={{ base: 'full', md: 'xl' }}
        // A click beside the drawer must not throw away an essay in progress.
        closeOnInteractOutside={false}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content h="100dvh">
              <Drawer.Header flexDirection="column" alignItems="stretch" gap="1" pb="3">
                <HStack justify="space-between" pe="10">
                  <Drawer.Title>{title}</Drawer.Title>
                  <Button size="xs" variant="outline" onClick={offerHelp}>
                    Writing help
                  </Button>
                </HStack>
                {minWords ? (
                  <Text textStyle="sm" color="fg.muted">
                    Min word: {minWords}
                  </Text>
                ) : null}
                {maxWords ? (
                  <Text textStyle="sm" color="fg.muted">
                    At most {wordsLabel(maxWords)}
                  </Text>
                ) : null}
              </Drawer.Header>
              <Drawer.Body ref={body} display="flex" flexDirection="column" gap="3" pb="3">
                {offline ? (
                  <Alert.Root status="info" size="sm" variant="subtle">
                    <Alert.Indicator />
                    <Alert.Description>
                      The writing assistant is offline: this draft was generated from the scholarship and your profile.
                    </Alert.Description>
                  </Alert.Root>
                ) : null}
                <Suspense
                  fallback={
                    <Center flex="1" gap="3" role="status">
                      <Spinner size="sm" color="brand.fg" />
                      <Text color="fg.muted">Loading the editor…</Text>
                    </Center>
                  }
                >
                  <EssayWriter ref={editor} content={content} label={title} />
                </Suspense>
              </Drawer.Body>
              <Drawer.Footer>
                <Button variant="ghost" onClick={onClose}>
                  Cancel
                </Button>
                <Button colorPalette="brand" onClick={done}>
                  Done
                </Button>
              </Drawer.Footer>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close the essay editor" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>
      {/* Beside the drawer, not inside it: a child's effects run first, and would put the modal under it. */}
      <EssayAssistDialog
        open={open && assistOpen}
        onClose={() => setAssistOpen(false)}
        scholarshipId={scholarshipId}
        replacesText={replacesText}
        onDraft={takeDraft}
        // The writing area (the stand-in, or Tiptap once it has taken over).
        finalFocusEl={() => body.current?.querySelector<HTMLElement>('[role="textbox"]') ?? null}
      />
    </>
  );
}
