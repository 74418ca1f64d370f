import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { EMBED_LOADER_SOURCE } from './embed-loader.js';
import { EmbedService } from './embed.service.js';

/**
 * The pages a sponsor's site embeds, at the site's root (common/addresses.ts): the loader script and
 * the card. Not API operations: HTML and JavaScript for browsers, read by no integrator.
 */
@ApiExcludeController()
@Public()
@Controller()
export class EmbedCardController {
  constructor(private readonly embed: EmbedService) {}

  /** Any site includes it with a script tag, so its resource policy lets other origins load it. */
  @Get('embed.js')
  @Header('content-type', 'text/javascript; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  @Header('cross-origin-resource-policy', 'cross-origin')
  loader(): string {
    return EMBED_LOADER_SOURCE;
  }

  /**
   * The card, with its own policy: frame-ancestors lists the organisation's sites (docs/security.md,
   * "Embedded cards"). X-Frame-Options cannot name several sites, so it is dropped where the
   * policy allows some, and DENY where it allows none: the two never disagree. It sets no cookie.
   */
  @Get('embed/scholarships/:id')
  async card(@Param('id') id: string, @Res() reply: FastifyReply): Promise<void> {
    const page = await this.embed.card(id);
    reply.header('content-security-policy', page.contentSecurityPolicy);
    if (page.framable) reply.removeHeader('x-frame-options');
    else reply.header('x-frame-options', 'DENY');
    reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html);
  }
}
