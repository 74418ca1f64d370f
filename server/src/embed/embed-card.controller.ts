import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { OperationId } from '../common/operation-id.js';
import { EMBED_CARD_EXAMPLE } from './embed-card.js';
import { EMBED_LOADER_SOURCE } from './embed-loader.js';
import { EmbedService } from './embed.service.js';

/**
 * What a sponsor's site embeds, at the site's root (common/addresses.ts): the loader script and the
 * card. Listed in the OpenAPI document like the sandbox checkout page, so the fuzz and injection
 * suites reach them, though only browsers read them.
 */
@ApiTags('embedding')
@ApiErrorResponses()
@Public()
@Controller()
export class EmbedCardController {
  constructor(private readonly embed: EmbedService) {}

  /** Any site includes it with a script tag, so its resource policy lets other origins load it. */
  @Get('embed.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  @Header('cross-origin-resource-policy', 'cross-origin')
  @ApiProduces('text/javascript')
  @ApiOperation({
    summary: 'The loader script a sponsor’s page includes to show its scholarship cards',
    description:
      'No token needed. For each `<div data-scholarmatch-scholarship="{id}">` on the page it inserts the card (an iframe) and keeps the iframe as tall as the card (docs/embedding.md). Under 15 kB gzip.',
  })
  @ApiOkResponse({ description: 'A classic script', content: { 'text/javascript': { schema: { type: 'string' }, example: "(function () { 'use strict'; … })();" } } })
  @OperationId('getEmbedLoader')
  loader(): string {
    return EMBED_LOADER_SOURCE;
  }

  /**
   * The card, with its own policy: frame-ancestors lists the organisation's sites (docs/security.md,
   * "Embedded cards"). X-Frame-Options cannot name several sites, so it is dropped where the
   * policy allows some, and DENY where it allows none: the two never disagree. It sets no cookie.
   */
  @Get('embed/scholarships/:id')
  @ApiProduces('text/html')
  @ApiOperation({
    summary: 'A published scholarship’s card (HTML), framed by the sponsor’s own sites',
    description:
      "No token needed. Title, amount, deadline, who can apply, what to send and an Apply on ScholarMatch link. Content-Security-Policy frame-ancestors names the sites the organisation lists (GET /providers/embed), or 'none'. A draft, closed or unknown scholarship answers the 404 card.",
  })
  @ApiOkResponse({ description: 'The card', content: { 'text/html': { schema: { type: 'string' }, example: EMBED_CARD_EXAMPLE } } })
  @ApiResponse({ status: 404, description: 'Not a published scholarship (an HTML card saying so)', content: { 'text/html': { schema: { type: 'string' } } } })
  @OperationId('getEmbedCard')
  async card(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.embed.card(id);
    reply.header('content-security-policy', page.contentSecurityPolicy);
    if (page.framable) reply.removeHeader('x-frame-options');
    else reply.header('x-frame-options', 'DENY');
    reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  }
}
