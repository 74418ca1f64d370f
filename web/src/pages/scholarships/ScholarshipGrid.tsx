import { Checkbox, SimpleGrid, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { CardScholarship, ReviewStatus } from '../../api/scholarships';
import { useScholarshipDetailsLink } from './membership-gate';
import { MISSING_TITLE, ScholarshipCard } from './ScholarshipCard';
import { useWishlistToggle } from './wishlist-toggle';

/** A card's content and its heart: an eligible list's `isLiked`, or a wishlist entry's. */
export interface ListedScholarship {
  scholarship: CardScholarship;
  saved: boolean;
  /** One of the applicant's own applications: its details open without a membership. */
  ownApplication?: boolean;
  /** A submitted application's review status, shown on its card. */
  reviewStatus?: ReviewStatus | null;
  /** A line about the applicant's own application, shown on its card. */
  note?: string | null;
}

/** Which cards are in a batch (bulk apply), and how a card's box changes that. */
export interface CardSelection {
  isSelected: (id: string) => boolean;
  onChange: (id: string, selected: boolean) => void;
}

/** A card's box for the batch, named 'Include {title}' for screen readers. */
function IncludeBox({ title, selected, onChange }: { title: string; selected: boolean; onChange: (selected: boolean) => void }) {
  return (
    <Checkbox.Root checked={selected} onCheckedChange={({ checked }) => onChange(checked === true)} colorPalette="brand" size="sm">
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>
        Include<VisuallyHidden> {title}</VisuallyHidden>
      </Checkbox.Label>
    </Checkbox.Root>
  );
}

/** As in the original product: an empty list says so. */
export const EMPTY_LIST_TEXT = 'No Data';

function GatedCard({ item, titleAs, selection }: { item: ListedScholarship; titleAs: 'h2' | 'h3'; selection?: CardSelection }) {
  const { id, title } = item.scholarship;
  const detailsLink = useScholarshipDetailsLink(id, { ownApplication: item.ownApplication, title });
  const toggle = useWishlistToggle();
  return (
    <ScholarshipCard
      scholarship={item.scholarship}
      saved={item.saved}
      titleAs={titleAs}
      detailsLink={detailsLink}
      reviewStatus={item.reviewStatus}
      note={item.note}
      onToggleSaved={() => toggle.mutate({ scholarship: item.scholarship, saved: !item.saved })}
    >
      {selection ? (
        <IncludeBox
          title={item.scholarship.title.trim() || MISSING_TITLE}
          selected={selection.isSelected(id)}
          onChange={(selected) => selection.onChange(id, selected)}
        />
      ) : null}
    </ScholarshipCard>
  );
}

function CardSkeleton() {
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
      <Skeleton height="5" width="70%" />
      <Skeleton height="7" width="30%" />
      <Skeleton height="14" />
      <Skeleton height="4" width="50%" />
      <Skeleton height="8" width="28" />
    </Stack>
  );
}

interface ScholarshipGridProps {
  /** Undefined while loading: skeletons stand in for the cards. */
  items: ListedScholarship[] | undefined;
  /** How many skeletons to show while loading: the page size. */
  pageSize: number;
  /** The dashboard's short lists stay two abreast, the list screens go up to three, the assistant's drawer has one. */
  maxColumns?: 1 | 2 | 3;
  titleAs?: 'h2' | 'h3';
  /** Bulk apply: each card gets a box that puts it in or out of the batch. */
  selection?: CardSelection;
}

/** The cards of one page, in a grid that narrows with the screen. */
export function ScholarshipGrid({ items, pageSize, maxColumns = 3, titleAs = 'h2', selection }: ScholarshipGridProps) {
  const columns = { 1: { base: 1 }, 2: { base: 1, md: 2 }, 3: { base: 1, md: 2, xl: 3 } }[maxColumns];
  if (items && items.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="10" borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="bg">
        {EMPTY_LIST_TEXT}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={columns} gap="4" aria-busy={!items}>
      {items
        ? items.map((item) => <GatedCard key={item.scholarship.id} item={item} titleAs={titleAs} selection={selection} />)
        : Array.from({ length: pageSize }, (_, index) => <CardSkeleton key={index} />)}
    </SimpleGrid>
  );
}
