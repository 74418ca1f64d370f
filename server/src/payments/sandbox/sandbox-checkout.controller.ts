import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../../auth/auth.decorators.js';
import { ApiErrorResponses } from '../../common/error-body.js';
import { CHECKOUT_PAGE_EXAMPLE, renderCheckoutClosed, renderCheckoutPage } from './sandbox-checkout-page.js';
import { SandboxProvider } from './sandbox-provider.js';
import { OperationId } from '../../common/operation-id.js';

const SESSION_ID = /^cs_sandbox_[0-9a-f]{24}$/;

function html(reply: FastifyReply, status: number, page: string): void {
  void reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
}

/**
 * The sandbox provider's hosted checkout (docs/payments.md, "Sandbox"): a page, and the form post
 * of its Pay button. Public like a provider's checkout page: the session id is the capability.
 */
@ApiTags('sandbox payments')
@ApiErrorResponses()
@Controller('sandbox-checkout')
export class SandboxCheckoutController {
  constructor(private readonly sandbox: SandboxProvider) {}

  @Public()
  @Get(':sessionId')
  @ApiProduces('text/html')
  @ApiOperation({ description: 'No token needed: the checkout page (HTML) of the sandbox payment provider, which stands in for a real one (docs/payments.md). An unknown session answers a 404 page and a completed one a 409 page.', summary: 'The sandbox checkout page (HTML) of a checkout session' })
  @ApiOkResponse({ description: 'The page', content: { 'text/html': { schema: { type: 'string' }, example: CHECKOUT_PAGE_EXAMPLE } } })
  @ApiResponse({ status: 404, description: 'No such checkout (an HTML page)', content: { 'text/html': { schema: { type: 'string' } } } })
  @OperationId('getSandboxCheckoutPage')
  async page(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    const session = SESSION_ID.test(sessionId) ? await this.sandbox.session(sessionId) : null;
    if (!session) return html(reply, 404, renderCheckoutClosed('This checkout does not exist.'));
    if (session.status !== 'open') return html(reply, 409, renderCheckoutClosed('This checkout is already complete.'));
    html(reply, 200, renderCheckoutPage(sessionId, session.request));
  }

  @Public()
  @Post(':sessionId/pay')
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiOperation({
    summary: "The sandbox checkout's Pay button (an HTML form post)",
    description: 'Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined (402); 4000 0000 0000 0119 fails once, then succeeds; 4000 0000 0000 0341 starts the trial but its renewals fail (declined when there is no trial). 303 to the success address, or the page again with the reason.',
  })
  @ApiResponse({ status: 303, description: 'Paid: to the success address' })
  @ApiResponse({ status: 402, description: 'Declined: the page again with the reason (HTML)', content: { 'text/html': { schema: { type: 'string' } } } })
  @ApiResponse({ status: 400, description: 'Card details incomplete: the page again (HTML)', content: { 'text/html': { schema: { type: 'string' } } } })
  @OperationId('paySandboxCheckout')
  async pay(@Param('sessionId') sessionId: string, @Body() body: Record<string, unknown>, @Res() reply: FastifyReply) {
    const field = (name: string) => (typeof body?.[name] === 'string' ? (body[name] as string).slice(0, 100) : '');
    const card = { number: field('number').replace(/[\s-]/g, ''), expiry: field('expiry').trim(), cvc: field('cvc').trim(), postalCode: field('postalCode') };
    if (!SESSION_ID.test(sessionId)) return html(reply, 404, renderCheckoutClosed('This checkout does not exist.'));
    const outcome = await this.sandbox.pay(sessionId, card);
    if (outcome.ok) return void reply.status(303).header('location', outcome.successUrl).send();
    const session = await this.sandbox.session(sessionId);
    if (!session || outcome.status === 404 || outcome.status === 409) return html(reply, outcome.status, renderCheckoutClosed(outcome.message));
    html(reply, outcome.status, renderCheckoutPage(sessionId, session.request, outcome.message, { ...card, number: field('number') }));
  }
}
