import { Badge, Box, Button, Field, HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { billedAmountString, planPriceString } from '@scholarmatch/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../../api/api-error';
import { adminPlansQueryOptions, consoleKeys, updatePlan, type AdminPlan } from '../../../api/console';
import { NoticeBanner } from '../../../forms/NoticeBanner';
import { useDocumentTitle } from '../../../ui/document-title';
import { benefitsOf, billingText, monthlyPlanOf, savingsText } from '../../membership/plan-text';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';

/** A price typed in dollars ('19', '12.50') as whole cents; null when it is not a positive amount with at most two decimals. */
export function centsOfDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return cents > 0 ? cents : null;
}

interface Draft {
  title: string;
  dollars: string;
  benefits: string;
}

const draftOf = (plan: AdminPlan): Draft => ({ title: plan.title, dollars: String(plan.monthlyAmountCents / 100), benefits: benefitsOf(plan.description).join('\n') });

/** The plan's fields as the PATCH takes them: benefits one per line become the comma-separated description. */
function changeOf(draft: Draft): { title: string; monthlyAmountCents: number; description: string } | string {
  const cents = centsOfDollars(draft.dollars);
  if (!draft.title.trim()) return 'Give the plan a name.';
  if (cents === null) return 'Enter the monthly price in dollars, e.g. 19 or 12.50.';
  const benefits = draft.benefits.split('\n').map((line) => line.trim()).filter(Boolean);
  if (benefits.length === 0) return 'List at least one benefit.';
  if (benefits.some((line) => line.includes(','))) return 'A benefit cannot hold a comma: the plans page splits benefits at commas.';
  return { title: draft.title.trim(), monthlyAmountCents: cents, description: benefits.join(',') };
}

/** One plan: its fields, and what the public plans page will say of it with the price typed. */
function PlanEditor({ plan, monthlyPlan }: { plan: AdminPlan; monthlyPlan: AdminPlan | undefined }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(plan));
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (change: Exclude<ReturnType<typeof changeOf>, string>) => updatePlan(plan.id, change),
    onSuccess: (updated) => {
      queryClient.setQueryData<AdminPlan[]>(consoleKeys.plans, (plans) => plans?.map((one) => (one.id === updated.id ? updated : one)));
      setDraft(draftOf(updated));
    },
  });
  const cents = centsOfDollars(draft.dollars);
  const preview = cents === null ? null : { ...plan, price: planPriceString(cents) };
  const savings = preview && plan.active ? savingsText(preview, monthlyPlan) : null;
  const isMonthly = monthlyPlan?.id === plan.id;
  const edit = (patch: Partial<Draft>) => {
    setDraft((previous) => ({ ...previous, ...patch }));
    setInvalid(null);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change = changeOf(draft);
    if (typeof change === 'string') setInvalid(change);
    else save.mutate(change);
  };
  const notice = invalid
    ? { status: 'error' as const, text: invalid }
    : save.isError
      ? { status: 'error' as const, text: failureText(save.error) }
      : save.isSuccess
        ? { status: 'success' as const, text: 'Saved. New checkouts use it; running memberships keep their price.' }
        : null;
  const id = `plan-${plan.id}`;
  return (
    <Box as="section" aria-labelledby={`${id}-name`} borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="4">
          <HStack justify="space-between" align="flex-start" gap="2" wrap="wrap">
            <Text id={`${id}-name`} fontWeight="semibold" fontSize="lg">
              {plan.title}
            </Text>
            <HStack gap="2">
              {plan.mostPopular ? <Badge colorPalette="purple">Most Popular</Badge> : null}
              <Badge colorPalette={plan.active ? 'green' : 'gray'}>{plan.active ? 'Offered' : 'Not offered'}</Badge>
            </HStack>
          </HStack>
          <Field.Root>
            <Field.Label>Name</Field.Label>
            <Input value={draft.title} maxLength={80} onChange={(event) => edit({ title: event.target.value })} />
          </Field.Root>
          <Field.Root invalid={cents === null}>
            <Field.Label>Monthly price (US dollars)</Field.Label>
            <Input inputMode="decimal" value={draft.dollars} onChange={(event) => edit({ dollars: event.target.value })} />
            <Field.HelperText>{preview ? billingText({ ...preview, billedAmount: billedAmountString(cents ?? 0, plan.intervalMonths) }) : 'A positive amount, e.g. 19 or 12.50.'}</Field.HelperText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Benefits, one per line</Field.Label>
            <Textarea rows={6} value={draft.benefits} onChange={(event) => edit({ benefits: event.target.value })} />
          </Field.Root>
          <Box borderRadius="md" bg="bg.muted" px="3" py="2" fontSize="sm" aria-label="On the plans page">
            <Text fontWeight="semibold">On the plans page</Text>
            <Text color={savings ? 'green.700' : 'fg.muted'}>
              {!plan.active ? 'Not shown: this plan is not offered.' : isMonthly ? 'The longer plans’ savings are measured against this price.' : (savings ?? 'No savings shown against the monthly plan.')}
            </Text>
          </Box>
          <NoticeBanner notice={notice} />
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={save.isPending}>
            Save {plan.title}
          </Button>
        </Stack>
      </form>
    </Box>
  );
}

/**
 * /admin/plans (docs/console.md, "Plans"): every plan, offered or not, with its name, monthly
 * price and benefits to edit, and the savings the public plans page will show.
 */
export function PlansPage() {
  useDocumentTitle('Plans · ScholarMatch staff');
  const plans = useQuery(adminPlansQueryOptions);
  let body;
  if (plans.error) body = <LoadFailure error={plans.error} onRetry={() => void plans.refetch()} />;
  else if (!plans.data) body = <RouteLoading label="Loading the plans" />;
  else {
    // The plans page measures savings against the offered monthly plan, as the public page does.
    const monthlyPlan = monthlyPlanOf(plans.data.filter((plan) => plan.active)) as AdminPlan | undefined;
    body = (
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        {plans.data.map((plan) => (
          <PlanEditor key={plan.id} plan={plan} monthlyPlan={monthlyPlan} />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <StudioPage
      title="Plans"
      lead="A change applies to checkouts opened afterwards. A running membership keeps the price it was sold at until it ends."
    >
      {body}
    </StudioPage>
  );
}
