import { Injectable } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { ApiError } from '../common/error-body.js';
import { FormsService } from '../forms/forms.service.js';
import { totalAmountOf } from '../scholarships/scholarship.entity.js';
import type { PublicScholarshipDto } from './dto/studio.dto.js';
import { ORGANISATION_FORM, organisationLogoUrl, ProviderAccountsService } from './provider-accounts.service.js';
import { PublicScholarshipsRepository } from './public-scholarships.repository.js';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

@Injectable()
export class PublicScholarshipsService {
  constructor(
    private readonly repository: PublicScholarshipsRepository,
    private readonly forms: FormsService,
  ) {}

  async bySlug(slug: string): Promise<PublicScholarshipDto> {
    const row = SLUG.test(slug) && slug.length <= 80 ? await this.repository.findBySlug(slug) : undefined;
    if (!row) throw new ApiError(404, 'There is no published scholarship at this address.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    const organisation = row.organisation ?? {};
    const form = await this.forms.getForm(ORGANISATION_FORM);
    const logo = organisationLogoUrl(form.fields, organisation);
    const website = form.fields.filter((field) => field.dataType === 'link').map((field) => organisation[field.key]).find((value) => typeof value === 'string');
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      totalAmount: totalAmountOf(row),
      amounts: row.amounts.length ? row.amounts : row.award ? [row.award] : [],
      deadline: row.deadline,
      status: row.status,
      open: row.status === 'published' && (!row.deadline || row.deadline >= todayIso()),
      provider: { name: ProviderAccountsService.nameOf(organisation) ?? row.provider_name, website: (website as string | undefined) ?? null, logoUrl: logo },
      requirements: row.requirements.map((requirement) => ({ title: requirement.title, kind: requirement.field.dataType, optional: requirement.optional })),
      publishedAt: row.published_at,
    };
  }
}
