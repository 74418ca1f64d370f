import { Controller, Get, Header, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiGoneResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Caller, CurrentUser, Public } from '../auth/auth.decorators.js';
import { ApiErrorResponses, ErrorBodyDto } from '../common/error-body.js';
import { uuidOf } from '../common/id-pipe.js';
import { SignedFileQueryDto, UploadQueryDto, UploadResponseDto } from './dto/uploaded-file.dto.js';
import { attachmentDisposition } from './file-names.js';
import { readFilePart } from './upload-part.js';
import { FileLinks } from './file-links.js';
import { UploadedFilesService } from './uploaded-files.service.js';
import { OperationId } from '../common/operation-id.js';

const ACCEPTED_TYPES = ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'image/jpeg', 'image/png'];

@ApiTags('uploads')
@ApiBearerAuth()
@ApiErrorResponses()
@ApiUnauthorizedResponse({ type: ErrorBodyDto, description: 'Not signed in' })
@Controller('common')
export class UploadsController {
  constructor(
    private readonly files: UploadedFilesService,
    private readonly links: FileLinks,
  ) {}

  @Post('upload')
  @ApiOperation({
    summary: 'Upload a document (PDF, DOC, DOCX) or an image (JPG, PNG) of at most 2 MB (signed in)',
    description:
      'The type is decided from the bytes, never the name or the declared type. A form answer holds the `publicUrl`. ' +
      "Refusals carry the original sentence in `description` and the reason in `errorCode`: WRONG_FILE_TYPE, UNSAFE_ARCHIVE " +
      '(a DOCX with more than 1,000 parts or inflating past 20 MB), FILE_TOO_LARGE (413), FILE_MISSING, MALFORMED_UPLOAD.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @ApiCreatedResponse({ type: UploadResponseDto })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: "Not a file of the purpose's types ('You can only upload PDF file!' / 'You can only upload JPG/PNG file!'), or no file" })
  @ApiPayloadTooLargeResponse({ type: ErrorBodyDto, description: "Larger than 2 MB: 'Pdf must be smaller than 2MB!' / 'Image must be smaller than 2MB!'" })
  @OperationId('uploadFile')
  async upload(
    @CurrentUser() caller: Caller,
    @Query() query: UploadQueryDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const purpose = query.purpose ?? 'document';
    const file = await readFilePart(request, reply, purpose);
    return { statusCode: 201, message: 'File uploaded', data: await this.files.store(caller, purpose, file) };
  }

  @Get('files/:id/info')
  @Header('cache-control', 'private, no-store')
  @ApiOperation({ description: 'An upload\'s file name, size in bytes and content type, without the bytes. Allowed to the person who uploaded it and to the provider and reviewers of a scholarship it was submitted to; anyone else gets the same 404 as for an unknown id.', summary: "An upload's name, size and type: its owner, or the provider and reviewers of a scholarship it was submitted to (anyone else: 404)" })
  @ApiOkResponse({ type: UploadResponseDto })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "'There is no such file.' (also for another person's file)" })
  @OperationId('getFileInfo')
  async info(@CurrentUser() caller: Caller, @Param('id', uuidOf('file')) id: string) {
    return { statusCode: 200, data: await this.files.info(caller, id) };
  }

  @Get('public-link/:id')
  @Public()
  @Header('cache-control', 'public, max-age=3600')
  @Header('x-content-type-options', 'nosniff')
  @ApiOperation({
    summary: "An organisation's logo, for anyone (docs/providers.md)",
    description: 'Only images an organisation shows are public; any other upload is 404 here. The same id as in /common/files/{id}.',
  })
  @ApiProduces('image/png', 'image/jpeg')
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The bytes' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "'There is no such file.'" })
  @OperationId('getPublicImage')
  async publicImage(@Param('id', uuidOf('file')) id: string) {
    const file = await this.files.openPublic(id);
    return new StreamableFile(file.bytes, { type: file.contentType, length: file.size, disposition: 'inline' });
  }

  @Get('files/:id/signed')
  @Public()
  @Header('cache-control', 'private, no-store')
  @Header('x-content-type-options', 'nosniff')
  @Header('referrer-policy', 'no-referrer')
  @ApiOperation({
    summary: 'Download an upload through a signed, expiring link (as written in an applicants export)',
    description:
      'No bearer token: the HMAC signature stands for the person the link was made for (`by`), until `expires` (Unix seconds). ' +
      'That person must still be allowed to read the file. 400 FILE_LINK_MALFORMED, 403 FILE_LINK_INVALID (a changed or foreign link), ' +
      '410 FILE_LINK_EXPIRED, 404 when the file is gone or no longer theirs to read.',
  })
  @ApiProduces(...ACCEPTED_TYPES)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The bytes, as an attachment under the original name' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'The id is not a UUID, or by/expires/signature is missing' })
  @ApiForbiddenResponse({ type: ErrorBodyDto, description: "'This download link is not valid. Export the applicants again for fresh links.'" })
  @ApiGoneResponse({ type: ErrorBodyDto, description: "'This download link has expired. Export the applicants again for fresh links.'" })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "'There is no such file.'" })
  @OperationId('downloadFileBySignedLink')
  async signedDownload(@Param('id', uuidOf('file')) id: string, @Query() query: SignedFileQueryDto) {
    const file = await this.files.openSigned(this.links.verify(id, query));
    return new StreamableFile(file.bytes, { type: file.contentType, length: file.size, disposition: attachmentDisposition(file.name) });
  }

  @Get('files/:id')
  @Header('cache-control', 'private, no-store')
  @Header('x-content-type-options', 'nosniff')
  @ApiOperation({ summary: 'Download an upload: its owner, or the provider and reviewers of a scholarship it was submitted to (anyone else: 404)', description: 'Sent as an attachment with the type detected at upload.' })
  @ApiProduces(...ACCEPTED_TYPES)
  @ApiOkResponse({ schema: { type: 'string', format: 'binary' }, description: 'The bytes' })
  @ApiBadRequestResponse({ type: ErrorBodyDto, description: 'The id is not a UUID' })
  @ApiNotFoundResponse({ type: ErrorBodyDto, description: "'There is no such file.' (also for another person's file)" })
  @OperationId('downloadFile')
  async download(@CurrentUser() caller: Caller, @Param('id', uuidOf('file')) id: string) {
    const file = await this.files.open(caller, id);
    return new StreamableFile(file.bytes, { type: file.contentType, length: file.size, disposition: attachmentDisposition(file.name) });
  }
}
