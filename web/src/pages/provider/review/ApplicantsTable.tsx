import { Badge, Checkbox, Link, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ApplicantRow, ApplicantsQuery, ReviewStatus } from '../../../api/review';
import { ELIGIBILITY_LABELS, formatDate, formatScore, STATUS_PALETTES } from './review-labels';
import { StatusPicker } from './StatusChange';

function SelectBox({ label, checked, onChange }: { label: string; checked: boolean | 'indeterminate'; onChange: (checked: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={({ checked: next }) => onChange(next === true)} colorPalette="brand" size="sm">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        <VisuallyHidden>{label}</VisuallyHidden>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The owner changes a status from the row (a menu, then a confirmation); a reviewer reads it (docs/review.md, "Status"). */
function StatusCell({ row, onMove }: { row: ApplicantRow; onMove?: (row: ApplicantRow, status: ReviewStatus) => void }) {
  if (!onMove) return <Badge colorPalette={STATUS_PALETTES[row.status]}>{row.status}</Badge>;
  return <StatusPicker label={`Status of ${row.reference}`} status={row.status} onPick={(status) => onMove(row, status)} />;
}

interface ApplicantsTableProps {
  scholarshipId: string;
  rows: ApplicantRow[];
  blindReview: boolean;
  search: ApplicantsQuery;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], selected: boolean) => void;
  onMove?: (row: ApplicantRow, status: ReviewStatus) => void;
}

/**
 * One page of applicants (docs/review.md, "Applicants list"): the reference links to the
 * submission; name and e-mail only when blind review is off (the server sends null then anyway).
 */
export function ApplicantsTable({ scholarshipId, rows, blindReview, search, selected, onSelect, onMove }: ApplicantsTableProps) {
  const chosen = rows.filter((row) => selected.has(row.id)).length;
  const all = chosen === 0 ? false : chosen === rows.length ? true : 'indeterminate';
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="xl" bg="bg">
      <Table.Root size="sm" aria-label="Applicants">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader w="10">
              <SelectBox label="Select all on this page" checked={all} onChange={(next) => onSelect(rows.map((row) => row.id), next)} />
            </Table.ColumnHeader>
            <Table.ColumnHeader>Application</Table.ColumnHeader>
            {blindReview ? null : <Table.ColumnHeader>Applicant</Table.ColumnHeader>}
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader>Submitted</Table.ColumnHeader>
            <Table.ColumnHeader>Eligibility</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Average score</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">My score</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => {
            const eligibility = ELIGIBILITY_LABELS[row.eligibility];
            return (
              <Table.Row key={row.id} data-selected={selected.has(row.id) ? '' : undefined}>
                <Table.Cell>
                  <SelectBox label={`Select ${row.reference}`} checked={selected.has(row.id)} onChange={(next) => onSelect([row.id], next)} />
                </Table.Cell>
                <Table.Cell>
                  <Link asChild fontFamily="mono" fontWeight="semibold" color="brand.fg">
                    <RouterLink to="/app/scholarships/$id/applicants/$applicationId" params={{ id: scholarshipId, applicationId: row.id }} search={search}>
                      {row.reference}
                    </RouterLink>
                  </Link>
                </Table.Cell>
                {blindReview ? null : (
                  <Table.Cell>
                    <Stack gap="0">
                      {/* The name opens the submission too, as the reference does. */}
                      <Link asChild fontWeight="medium" color="fg" alignSelf="flex-start">
                        <RouterLink to="/app/scholarships/$id/applicants/$applicationId" params={{ id: scholarshipId, applicationId: row.id }} search={search}>
                          {row.name}
                        </RouterLink>
                      </Link>
                      <Text fontSize="xs" color="fg.muted">
                        {row.email}
                      </Text>
                    </Stack>
                  </Table.Cell>
                )}
                <Table.Cell>
                  <StatusCell row={row} onMove={onMove} />
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{formatDate(row.submittedAt)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={eligibility.palette} variant="subtle">
                    {eligibility.label}
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end" whiteSpace="nowrap">
                  {formatScore(row.averageScore)}
                  <Text as="span" color="fg.muted" fontSize="xs">
                    {' '}
                    ({row.reviewCount})
                  </Text>
                </Table.Cell>
                <Table.Cell textAlign="end">{formatScore(row.myScore)}</Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
