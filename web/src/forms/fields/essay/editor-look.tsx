import { Button, HStack, Separator, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * The rich-text editor's looks and toolbar without Tiptap: the editor (EssayEditor.tsx) and the
 * description's stand-in that shows until Tiptap has loaded (widgets/EditorWidget.tsx) draw the same.
 */

/** Looks of the editable area: the same spacing as saved essays shown elsewhere (ServerHtml). */
export const EDITABLE_STYLE = {
  '& .tiptap': {
    minHeight: '100%',
    padding: '4',
    outline: 'none',
    lineHeight: 'tall',
  },
  // A keyboard user sees where typing goes (docs/accessibility.md).
  '& .tiptap:focus-visible': { outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '-2px', borderRadius: 'sm' },
  '& .tiptap p, & .tiptap ul, & .tiptap ol, & .tiptap blockquote, & .tiptap pre': { marginBlockEnd: '3' },
  '& .tiptap ul': { paddingInlineStart: '6', listStyleType: 'disc' },
  '& .tiptap ol': { paddingInlineStart: '6', listStyleType: 'decimal' },
  '& .tiptap h2': { fontSize: 'xl', fontWeight: 'semibold', marginBlock: '3' },
  '& .tiptap h3': { fontSize: 'lg', fontWeight: 'semibold', marginBlock: '3' },
  '& .tiptap a': { color: 'brand.fg', textDecoration: 'underline' },
  '& .tiptap blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '3', color: 'fg.muted' },
} as const;

/** A drawn icon, not the characters "1≡": a button's visible text must be part of its name (WCAG 2.5.3). */
function NumberedListIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <path d="M10 6h11M10 12h11M10 18h11" />
      <path d="M4 4.5 5.5 3.5v5M3.5 8.5h3.5M3.5 13.5a1.6 1.6 0 1 1 2.6 1.3L3.5 17.5h3.5" strokeWidth="1.4" />
    </svg>
  );
}

function ToolbarButton(props: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  const { label, active, disabled, onClick, children } = props;
  return (
    <Button
      size="sm"
      variant={active ? 'subtle' : 'ghost'}
      colorPalette={active ? 'brand' : 'gray'}
      minW="9"
      px="2"
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      // Keeps the selection in the text: the command applies to what the person had selected.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/** What the toolbar shows as pressed or unavailable. */
export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  heading2: boolean;
  heading3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export type ToolbarCommand = 'bold' | 'italic' | 'heading2' | 'heading3' | 'bulletList' | 'orderedList' | 'undo' | 'redo';

export const IDLE_TOOLBAR: ToolbarState = { bold: false, italic: false, heading2: false, heading3: false, bulletList: false, orderedList: false, canUndo: false, canRedo: false };

/** The formatting toolbar, shared by the essay editor and the rich-text widget (widgets/RichTextWidget.tsx). */
export function ToolbarView({ state, onCommand }: { state: ToolbarState; onCommand: (command: ToolbarCommand) => void }) {
  return (
    <HStack role="toolbar" aria-label="Formatting" gap="1" wrap="wrap" p="1" borderBottomWidth="1px">
      <ToolbarButton label="Bold" active={state.bold} onClick={() => onCommand('bold')}>
        <Text as="span" fontWeight="bold">B</Text>
      </ToolbarButton>
      <ToolbarButton label="Italic" active={state.italic} onClick={() => onCommand('italic')}>
        <Text as="span" fontStyle="italic" fontFamily="serif">I</Text>
      </ToolbarButton>
      <Separator orientation="vertical" h="5" />
      <ToolbarButton label="H2 heading" active={state.heading2} onClick={() => onCommand('heading2')}>
        H2
      </ToolbarButton>
      <ToolbarButton label="H3 subheading" active={state.heading3} onClick={() => onCommand('heading3')}>
        H3
      </ToolbarButton>
      <Separator orientation="vertical" h="5" />
      <ToolbarButton label="Bulleted list" active={state.bulletList} onClick={() => onCommand('bulletList')}>
        •≡
      </ToolbarButton>
      <ToolbarButton label="Numbered list" active={state.orderedList} onClick={() => onCommand('orderedList')}>
        <NumberedListIcon />
      </ToolbarButton>
      <Separator orientation="vertical" h="5" />
      <ToolbarButton label="Undo" disabled={!state.canUndo} onClick={() => onCommand('undo')}>
        ↶
      </ToolbarButton>
      <ToolbarButton label="Redo" disabled={!state.canRedo} onClick={() => onCommand('redo')}>
        ↷
      </ToolbarButton>
    </HStack>
  );
}
