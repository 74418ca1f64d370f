import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { failureText } from '../../../api/api-error';
import { chooseWinners, type Winners } from '../../../api/review';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { SmallDialog } from '../../misc/SmallDialog';

interface DrawWinnersDialogProps {
  scholarshipId: string;
  open: boolean;
  onClose: () => void;
  onDrawn: (winners: Winners) => void;
}

/**
 * Draws winners at random (docs/review.md, "Winners"): how many, then a confirmation, because a
 * draw decides every undecided application at once and cannot be run again. The server picks
 * among eligible undecided applications and records the seed.
 */
export function DrawWinnersDialog({ scholarshipId, open, onClose, onDrawn }: DrawWinnersDialogProps) {
  const [count, setCount] = useState('1');
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [drawing, setDrawing] = useState(false);

  function close() {
    setConfirming(false);
    setFailure(null);
    onClose();
  }

  async function draw() {
    setFailure(null);
    setDrawing(true);
    try {
      onDrawn(await chooseWinners(scholarshipId, { draw: { count: Number(count) } }));
      close();
    } catch (error) {
      setFailure(failureText(error));
      setConfirming(false);
    } finally {
      setDrawing(false);
    }
  }

  return (
    <SmallDialog
      open={open}
      onClose={close}
      title="Draw winners"
      footer={
        confirming ? (
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={drawing}>
              Back
            </Button>
            <Button colorPalette="brand" loading={drawing} onClick={() => void draw()}>
              Draw {count} now
            </Button>
          </>
        ) : (
          <>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button colorPalette="brand" onClick={() => setConfirming(true)} disabled={!count.trim()}>
              Continue
            </Button>
          </>
        )
      }
    >
      <Stack gap="4">
        <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
        {confirming ? (
          <Text>
            {count} winner(s) will be drawn at random among the eligible applications not yet decided. Every other undecided application becomes Not selected, and
            every applicant is told. This cannot be undone.
          </Text>
        ) : (
          <>
            <Text color="fg.muted" fontSize="sm">
              The draw is made among eligible applications that are not yet decided. Its seed is recorded, so anyone can check it.
            </Text>
            <Field.Root>
              <Field.Label>Number of winners</Field.Label>
              <Input type="number" inputMode="numeric" min={1} max={100} value={count} onChange={(event) => setCount(event.target.value)} />
            </Field.Root>
          </>
        )}
      </Stack>
    </SmallDialog>
  );
}
