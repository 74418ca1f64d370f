import { Box } from '@chakra-ui/react';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import type { ChatQuestion, ChatTurn } from '../../api/chat';
import { formQueryOptions } from '../../api/forms';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { SchemaForm } from '../../forms/SchemaForm';
import { uncheckedValidator } from '../../forms/unchecked-validator';
import { failureText } from '../../api/api-error';
import { RouteLoading } from '../misc/RouteLoading';

type Answer = NonNullable<ChatTurn['value']>;

/** The property of `key` in a served form's schema, at its root or in a condition's branch. */
function propertyOf(schema: RJSFSchema, key: string): RJSFSchema | undefined {
  const root = schema.properties?.[key];
  if (root && typeof root === 'object') return root as RJSFSchema;
  for (const rule of (schema.allOf ?? []) as RJSFSchema[]) {
    const inBranch = (rule.then as RJSFSchema | undefined)?.properties?.[key];
    if (inBranch && typeof inBranch === 'object') return inBranch as RJSFSchema;
  }
  return undefined;
}

/** How an answer given through a widget reads in the conversation. */
function shown(value: Answer): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.join(', ');
  return 'Answered';
}

/**
 * A question no typed text answers (a grade, a month, several choices, rich text): the served
 * form's own field, with its widget, inline in the chat (docs/chat.md). The server judges the
 * answer with the form's rule, as for any turn.
 */
export function ChatFieldForm({ question, onAnswer }: { question: ChatQuestion; onAnswer: (value: Answer, shown: string) => void }) {
  const formKey = question._id.slice(0, question._id.lastIndexOf('.'));
  const form = useQuery(formQueryOptions(formKey));
  if (form.error) return <NoticeBanner notice={{ status: 'error', text: failureText(form.error) }} />;
  if (!form.data) return <RouteLoading />;
  const key = question.answer_key;
  const property = propertyOf(form.data.schema, key);
  if (!property) return <NoticeBanner notice={{ status: 'error', text: 'This question is no longer part of the form. Please start again.' }} />;
  const schema: RJSFSchema = { type: 'object', properties: { [key]: property }, ...(question.optional ? {} : { required: [key] }) };
  const uiSchema: UiSchema = { [key]: form.data.uiSchema[key] ?? {} };
  return (
    <Box borderWidth="1px" borderRadius="xl" p="4" bg="bg" mt="3">
      <SchemaForm
        schema={schema}
        uiSchema={uiSchema}
        validator={uncheckedValidator}
        idPrefix={`chat_${key}`}
        hideTitle
        submitLabel="Answer"
        onSubmit={(data) => {
          const value = (data as Record<string, Answer | undefined>)[key];
          if (value !== undefined) onAnswer(value, shown(value));
        }}
      />
    </Box>
  );
}
