import { Badge, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { addOption, catalogueOptionsQueryOptions, OPTIONS_PAGE_SIZE, relabelOption, removeOption, type CatalogueOption } from '../../../api/form-designer';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure } from '../../provider/StudioPage';
import { ListPager } from '../../../ui/ListPager';
import { useDesignerCall } from './designer-parts';

const SEARCH_DEBOUNCE_MS = 300;

function OptionRow({ fieldId, option }: { fieldId: number; option: CatalogueOption }) {
  const [label, setLabel] = useState(option.label);
  useEffect(() => setLabel(option.label), [option.label]);
  const relabel = useDesignerCall((next: string) => relabelOption(fieldId, option.value, next));
  const remove = useDesignerCall(() => removeOption(fieldId, option.value));
  const removed = option.draft === 'removed';
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} px="3" py="2">
      <HStack gap="2" flexWrap="wrap">
        <Field.Root flex="1" minW="40">
          <Field.Label fontSize="xs" color="fg.muted">
            {option.value}
          </Field.Label>
          <Input size="sm" value={label} maxLength={200} disabled={removed} onChange={(event) => setLabel(event.target.value)} />
        </Field.Root>
        {option.draft === 'added' ? <Badge colorPalette="green">Added</Badge> : null}
        {option.draft === 'changed' ? <Badge colorPalette="orange">Changed</Badge> : null}
        {removed ? <Badge colorPalette="red">Removed</Badge> : null}
        <Button size="xs" variant="outline" disabled={removed || !label.trim() || label.trim() === option.label} loading={relabel.isPending} onClick={() => relabel.mutate(label.trim())}>
          Save label
        </Button>
        <Button size="xs" variant="ghost" colorPalette="red" disabled={removed} loading={remove.isPending} aria-label={`Remove option ${option.label}`} onClick={() => remove.mutate(undefined)}>
          Remove
        </Button>
      </HStack>
    </Box>
  );
}

/**
 * A long option list (a catalogue: countries, schools, majors, careers), searched and paged on the
 * server, each option relabelled or removed, and new ones added; every change goes to the draft.
 * Answers holding a removed option keep it.
 */
export function OptionsPanel({ fieldId, fieldName }: { fieldId: number; fieldName: string }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const options = useQuery(catalogueOptionsQueryOptions(fieldId, q, page));
  const [value, setValue] = useState('');
  const [label, setLabel] = useState('');
  const add = useDesignerCall(() => addOption(fieldId, { value: value.trim() || label.trim(), label: label.trim() }), 'Option added to the draft');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return;
    add.mutate(undefined, {
      onSuccess: () => {
        setValue('');
        setLabel('');
      },
    });
  };

  let body;
  if (options.error) body = <LoadFailure error={options.error} onRetry={() => void options.refetch()} />;
  else if (!options.data) body = <RouteLoading label="Loading the options" />;
  else if (options.data.items.length === 0) body = <Text color="fg.muted">No option matches this search.</Text>;
  else {
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="lg" aria-label={`Options of ${fieldName}`}>
          {options.data.items.map((option) => (
            <OptionRow key={option.value} fieldId={fieldId} option={option} />
          ))}
        </Box>
        <ListPager total={options.data.total} page={page} pageSize={OPTIONS_PAGE_SIZE} onPage={setPage} />
      </>
    );
  }
  return (
    <Stack as="section" aria-label={`Options of ${fieldName}`} gap="3" mt="4" pt="4" borderTopWidth="1px">
      <Text fontWeight="semibold">Options</Text>
      <Field.Root>
        <Field.Label fontSize="sm">Search the options</Field.Label>
        <Input size="sm" type="search" value={text} maxLength={200} placeholder="Label or value" onChange={(event) => setText(event.target.value)} />
      </Field.Root>
      {body}
      <form onSubmit={submit} aria-label="Add an option">
        <HStack gap="2" align="flex-end" flexWrap="wrap">
          <Field.Root flex="1" minW="40">
            <Field.Label fontSize="sm">New option's label</Field.Label>
            <Input size="sm" value={label} maxLength={200} onChange={(event) => setLabel(event.target.value)} />
          </Field.Root>
          <Field.Root flex="1" minW="32">
            <Field.Label fontSize="sm">Its value (the label if empty)</Field.Label>
            <Input size="sm" value={value} maxLength={200} onChange={(event) => setValue(event.target.value)} />
          </Field.Root>
          <Button type="submit" size="sm" variant="outline" colorPalette="brand" disabled={!label.trim()} loading={add.isPending}>
            Add option
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
