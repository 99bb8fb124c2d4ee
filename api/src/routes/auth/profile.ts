import type { FastifyInstance } from 'fastify';
import type { MessageDescriptor } from '@lingui/core';
import multipart from '@fastify/multipart';
import { ChangePasswordSchema, errorResponses, MessageAnswerSchema, PhotoUploadedSchema, ProfileSchema, ProfileUpdatedSchema } from 'shared/contract';
import { API_MESSAGES as M, SECURITY_API_MESSAGES as S } from 'shared/messages';
import type { AppConfig } from '../../config';
import { findUserByEmail, normalizeEmail, photoUrl, publicUser, type UserRow } from '../../accounts/users';
import type { ValibotTypeProvider } from '../../http/valibot-provider';
import { HttpError } from '../../plugins/error-handler';
import { checkImage } from '../../uploads/image-check';
import { cameraFormat, squarePhoto } from '../../uploads/photo-processing';
import { PhotoStorage, type PhotoKind } from '../../uploads/photo-storage';
import { issueAccountToken } from '../../accounts/account-tokens';
import { SIGNED_IN } from '../../accounts/signed-in';
import { emailChangeMail, passwordChangedMail } from '../../mail/templates';
import { confirmIdentity } from '../../accounts/confirm-identity';
import { hashPassword } from '../../accounts/passwords';
import { endOtherSessions } from '../../accounts/sessions';
import { mailTranslator, mayMail } from './account-helpers';

const HOUR_MS = 60 * 60 * 1000;

/** The spec's formats (SVG, PNG, GIF) are stored as uploaded: at most 2 MB and 800×400 px. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MAX_WIDTH = 800;
export const PHOTO_MAX_HEIGHT = 400;
/** A camera's photo (JPEG, WebP, HEIC) is cropped square and scaled down, so it may be as large as phones make them. */
export const CAMERA_PHOTO_MAX_BYTES = 15 * 1024 * 1024;

/**
 * What is stored of an uploaded photo, and as what: an SVG, PNG or GIF as it
 * came (SVG sanitised) within the spec's limits; a camera's JPEG, WebP or
 * HEIC as a WebP square. Throws `refuse`'s error for anything else.
 */
async function storedPhoto(data: Buffer, refuse: (status: number, message: MessageDescriptor) => Error): Promise<[Buffer, PhotoKind]> {
  const image = checkImage(data);
  if (image) {
    if (data.length > PHOTO_MAX_BYTES) throw refuse(413, M.photoTooLarge);
    if ((image.width ?? 0) > PHOTO_MAX_WIDTH || (image.height ?? 0) > PHOTO_MAX_HEIGHT) throw refuse(422, M.photoDimensions);
    return [image.data, image.kind];
  }
  const format = cameraFormat(data);
  const square = format ? await squarePhoto(data, format) : undefined;
  if (!square) throw refuse(422, M.photoType);
  return [square, 'webp'];
}

/** The signed-in user's profile: name, e-mail, phone and photo. */
export async function profileRoutes(app: FastifyInstance, { config }: { config: AppConfig }): Promise<void> {
  const photos = new PhotoStorage(app.objectStore);
  await app.register(multipart, { limits: { fileSize: CAMERA_PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });

  const api = app.withTypeProvider<ValibotTypeProvider>();
  const tags = ['accounts'];

  api.put(
    '/auth/me',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'Update name and phone; a new e-mail address changes once its owner follows the link sent to it',
        security: SIGNED_IN,
        body: ProfileSchema,
        response: { 200: ProfileUpdatedSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const current = request.user!;
      const email = normalizeEmail(input.email);
      const emailChanged = email !== current.email;
      // Each change sends an e-mail from our address to one the caller chose: a few an hour is plenty.
      if (emailChanged) {
        // A stolen session token alone must not move the account to another address.
        await confirmIdentity(request, reply, current, input);
        const changes = await app.attempts.hit(`emailChange:user:${current.id}`, HOUR_MS);
        app.refuseOverLimit(request, reply, changes, config.rateLimits.emailChangesPerHour);
      }
      const { rows } = await app.db.query<UserRow>(
        'UPDATE users SET first_name = $2, last_name = $3, phone_number = $4, updated_at = now() WHERE id = $1 RETURNING *',
        [current.id, input.first_name, input.last_name, input.phone_number],
      );
      const updated = rows[0];
      if (!updated) throw new HttpError(401, request.t(M.signInRequired));
      if (!emailChanged) return publicUser(updated);
      // The address changes only when its owner follows the link sent to it. Whether it already
      // belongs to someone is decided after the answer, which is the same either way.
      app.afterResponse(request, async () => {
        if ((await findUserByEmail(app.db, email)) || !(await mayMail(app, config, email))) return;
        const token = await issueAccountToken(app.db, updated.id, 'change_email', email);
        // A page of the signed-in area: the owner is usually signed in, and the app sends a signed-in
        // visitor away from public pages. Signed out, they sign in first and land on it.
        const link = `${config.publicUrl}/main/settings?confirm_email=${token}`;
        await app.deliverMail(emailChangeMail(mailTranslator(updated, request), email, updated.first_name, link));
      });
      return { ...publicUser(updated), message: request.t(M.emailChangeSent, { email }) };
    },
  );

  api.put(
    '/auth/password',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary: 'Choose a new password, proved by the current one; every other session ends',
        security: SIGNED_IN,
        body: ChangePasswordSchema,
        response: { 200: MessageAnswerSchema, ...errorResponses(401, 422, 429) },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const current = request.user!;
      await confirmIdentity(request, reply, current, input);
      const passwordHash = await hashPassword(input.password);
      await app.db.transaction(async (tx) => {
        await tx.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [current.id, passwordHash]);
        // Whoever else holds a session (a stolen token among them) is signed out; so is every e-mailed link.
        await endOtherSessions(tx, current.id, request.sessionToken!);
      });
      app.afterResponse(request, () =>
        app.deliverMail(
          passwordChangedMail(mailTranslator(current, request), current.email, current.first_name, `${config.publicUrl}/forgot-password`),
        ),
      );
      return { message: request.t(S.passwordUpdated) };
    },
  );

  api.post(
    '/auth/me/photo',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        summary:
          'Replace the profile photo: SVG, PNG or GIF of at most 800×400 px and 2 MB, or a JPEG, WebP or HEIC of at most 15 MB, cropped square',
        security: SIGNED_IN,
        consumes: ['multipart/form-data'],
        response: { 200: PhotoUploadedSchema, ...errorResponses(401, 413, 422) },
      },
    },
    async (request) => {
      const photoError = (status: number, message: string) => new HttpError(status, message, { photo: [message] });
      if (!request.isMultipart()) throw photoError(422, request.t(M.photoMissing));
      let data: Buffer | undefined;
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (part.fieldname !== 'photo' || data) {
          await part.toBuffer().catch(() => undefined);
          continue;
        }
        try {
          data = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw photoError(413, request.t(M.cameraPhotoTooLarge));
          }
          throw error;
        }
      }
      if (!data || data.length === 0) throw photoError(422, request.t(M.photoMissing));
      const file = await photos.save(...(await storedPhoto(data, (status, message) => photoError(status, request.t(message)))));
      const previous = request.user!.photo_file;
      try {
        await app.db.query('UPDATE users SET photo_file = $2, updated_at = now() WHERE id = $1', [request.user!.id, file]);
      } catch (error) {
        // The account keeps its photo: the new file would belong to nobody.
        await photos.remove(file);
        throw error;
      }
      if (previous) await photos.remove(previous);
      return { photo_url: photoUrl(file) };
    },
  );
}
