import { essayMessages } from './essay-prompt.js';
import { type EssayRequest, EssayWriter } from './essay-writer.js';
import { modelTextToHtml } from './model-text.js';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1 (Ollama) */
  baseUrl: string;
  apiKey?: string;
  model: string;
}

/** A failure of the model's endpoint; the message names the cause for the log, never the key. */
export class EssayModelError extends Error {}

/**
 * The production adapter: any endpoint speaking OpenAI's chat-completions API (OpenAI, Azure's
 * compatible endpoint, Ollama, vLLM, LM Studio…), through Node's fetch.
 */
export class OpenAiCompatibleEssayWriter extends EssayWriter {
  readonly source = 'ai';
  readonly destination: string;
  private readonly url: string;

  constructor(private readonly options: OpenAiCompatibleOptions) {
    super();
    this.url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
    this.destination = `${options.model} at ${new URL(this.url).origin}`;
  }

  async write(request: EssayRequest, signal: AbortSignal): Promise<string> {
    const { system, user } = essayMessages(request);
    const response = await fetch(this.url, {
      method: 'POST',
      signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.options.model,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      }),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new EssayModelError(`the model endpoint answered ${response.status}`);
    }
    return modelTextToHtml(contentOf(await response.json()));
  }
}

/** `choices[0].message.content`, which must be text with something in it. */
export function contentOf(body: unknown): string {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || !content.trim()) throw new EssayModelError('the model answered without content');
  return content;
}
