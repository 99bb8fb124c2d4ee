import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api, isApiError, send } from 'shared/api';
import type { Me, MessageAnswer, ProfileUpdated } from 'shared/contract';
import { API_MESSAGES } from 'shared/messages';
import { TextField, useForm } from 'shared/forms';
import { ProfileSchema, type ProfileInput } from 'shared/schemas';
import { clientSession, clientUserAtom } from 'shared/session';
import { notify, SOMETHING_WENT_WRONG } from 'shared/ui';
import {
  CAMERA_PHOTO_MAX_BYTES,
  PHOTO_ACCEPT,
  PHOTO_MAX_HEIGHT,
  PHOTO_MAX_WIDTH,
  photoKind,
  readImageSize,
  uploadPhoto,
  type UploadFailure,
} from './photo-upload';
import './settings.css';

/** The API's own sentence for a change of address waiting for its link (one definition, in `shared`). */
const emailChangeSent = (email: string): MessageDescriptor => ({ ...API_MESSAGES.emailChangeSent, values: { email } });

function initials(user: Me): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase() || '?';
}

/** The personal information screen: photo, name, e-mail and phone; `sections` are the other features' cards (composed by the app). */
export function SettingsPage({ sections }: { sections?: ReactNode }) {
  const user = useAtomValue(clientUserAtom);
  if (!user) return null;
  return <SettingsForm user={user} sections={sections} />;
}

function SettingsForm({ user, sections }: { user: Me; sections?: ReactNode }) {
  const { t, i18n } = useLingui();
  const setUser = useSetAtom(clientUserAtom);
  /** A new address waiting for its owner to open the confirmation link sent to it. */
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  /** The outcome of a confirmation link opened here (`?confirm_email=`). */
  const [confirmation, setConfirmation] = useState<{ ok: boolean; text: string } | null>(null);
  const [search, setSearch] = useSearchParams();
  const confirmToken = search.get('confirm_email');
  const confirmedToken = useRef<string | null>(null);
  const form = useForm({
    initialValues: {
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone_number: user.phone_number,
      current_password: '',
    },
    schema: ProfileSchema,
  });
  // A new address is only accepted with the current password: a stolen session alone cannot move the account.
  const emailChanging = form.values.email.trim().toLowerCase() !== user.email.toLowerCase();

  // The link e-mailed to a new address lands here (a signed-in page: the owner is usually signed in when they open it).
  useEffect(() => {
    if (!confirmToken || confirmedToken.current === confirmToken) return;
    // Once only: the link is single-use, and a second call would answer "expired".
    confirmedToken.current = confirmToken;
    setSearch({}, { replace: true });
    (async () => {
      try {
        const { message } = await send<MessageAnswer>(api.post('auth/verify-email', { json: { token: confirmToken } }));
        const fresh = await send<Me>(api.get('auth/me'));
        setUser(fresh);
        form.setValue('email', fresh.email);
        setPendingEmail(null);
        setConfirmation({ ok: true, text: message });
      } catch (error) {
        setConfirmation({
          ok: false,
          text: isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : i18n._(SOMETHING_WENT_WRONG),
        });
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per token, guarded above: the link is single-use.
  }, [confirmToken]);

  const submit = form.handleSubmit(async ({ current_password: currentPassword, ...fields }: ProfileInput) => {
    const profile = emailChanging ? { ...fields, current_password: currentPassword } : fields;
    const { message: _message, ...updated } = await send<ProfileUpdated>(api.put('auth/me', { json: profile }));
    form.setValue('current_password', '');
    setUser(updated);
    // The address only changes once the new one is confirmed: the field goes back to the current one meanwhile.
    const requested = (profile.email ?? '').trim().toLowerCase();
    if (requested !== updated.email.toLowerCase()) {
      setPendingEmail(requested);
      form.setValue('email', updated.email);
    }
    notify.success(t`Your personal information has been saved.`);
  });

  return (
    <section className="ui-page ui-container client-settings">
      <header className="client-settings__header">
        <h1>
          <Trans>Personal information</Trans>
        </h1>
        <p>{t`This is how contractors and experts see you on Fundament.`}</p>
      </header>
      {confirmation && (
        <p
          className={confirmation.ok ? 'client-settings__notice' : 'client-settings__notice client-settings__notice--error'}
          role={confirmation.ok ? 'status' : 'alert'}
        >
          {confirmation.text}
        </p>
      )}
      <div className="ui-card client-settings__card">
        <PhotoField user={user} onUploaded={(photoUrl) => setUser({ ...user, photo_url: photoUrl })} initialsText={initials(user)} />
        <form className="client-settings__form" ref={form.formRef} onSubmit={submit} noValidate aria-label={t`Personal information`}>
          <div className="client-settings__row">
            <TextField binding={form.field('first_name')} label={t`First name`} autoComplete="given-name" required />
            <TextField binding={form.field('last_name')} label={t`Last name`} autoComplete="family-name" required />
          </div>
          <TextField binding={form.field('email')} label={t`Email`} type="email" autoComplete="email" inputMode="email" required />
          {emailChanging && (
            <TextField
              binding={form.field('current_password')}
              label={t`Current password (needed to change your e-mail address)`}
              type="password"
              autoComplete="current-password"
              required
            />
          )}
          {pendingEmail && (
            <p className="client-settings__notice" role="status">
              {i18n._(emailChangeSent(pendingEmail))}
            </p>
          )}
          <TextField binding={form.field('phone_number')} label={t`Phone number`} type="tel" autoComplete="tel" inputMode="tel" required />
          <div className="client-settings__actions">
            <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
              {form.submitting ? t`Saving…` : t`Save changes`}
            </button>
          </div>
        </form>
      </div>
      {sections}
      <SignOutEverywhere onDone={() => setUser(false)} />
    </section>
  );
}

/**
 * Ends every session of the account (a lost phone, a shared computer), and
 * with them any password-reset or address-change link sent earlier.
 */
function SignOutEverywhere({ onDone }: { onDone: () => void }) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOutEverywhere = async () => {
    setBusy(true);
    try {
      await send(api.post('auth/logout-everywhere'));
    } catch {
      notify.error(i18n._(SOMETHING_WENT_WRONG));
      setBusy(false);
      return;
    }
    // This session ended with the others: clear it here too.
    await clientSession.logout();
    onDone();
    notify.success(t`You are signed out on every device.`);
    navigate('/login', { replace: true });
  };
  return (
    <section className="ui-card client-settings__card client-settings__security" aria-labelledby="settings-security">
      <div>
        <h2 id="settings-security">
          <Trans>Security</Trans>
        </h2>
        <p>
          <Trans>
            Signing out everywhere ends your sessions on every device, this one included, and cancels any password reset or address change link sent
            to you earlier.
          </Trans>
        </p>
      </div>
      <div className="client-settings__actions">
        <button type="button" className="ui-button ui-button--ghost" onClick={signOutEverywhere} disabled={busy}>
          {t`Sign out everywhere`}
        </button>
      </div>
    </section>
  );
}

interface PhotoFieldProps {
  user: Me;
  initialsText: string;
  onUploaded: (photoUrl: string) => void;
}

function PhotoField({ user, initialsText, onUploaded }: PhotoFieldProps) {
  const { t, i18n } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const saved = user.photo_url;
  const shown = preview ?? saved;

  // An object URL holds the file in memory until it is revoked.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    const kind = photoKind(file);
    if (!kind) {
      setError(i18n._(API_MESSAGES.photoType));
      return;
    }
    if (kind === 'camera' && file.size > CAMERA_PHOTO_MAX_BYTES) {
      setError(i18n._(API_MESSAGES.cameraPhotoTooLarge));
      return;
    }
    const url = URL.createObjectURL(file);
    let size: { width: number; height: number } | undefined;
    try {
      size = await readImageSize(url);
    } catch {
      // Only Safari shows a HEIC: elsewhere the server's square is the first look at it.
      if (kind === 'original') {
        URL.revokeObjectURL(url);
        setError(t`This file could not be read as an image.`);
        return;
      }
    }
    if (kind === 'original' && size && (size.width > PHOTO_MAX_WIDTH || size.height > PHOTO_MAX_HEIGHT)) {
      URL.revokeObjectURL(url);
      setError(i18n._(API_MESSAGES.photoDimensions));
      return;
    }
    if (size) setPreview(url);
    else URL.revokeObjectURL(url);
    setProgress(0);
    try {
      const { photo_url: photoUrl } = await uploadPhoto(file, setProgress);
      onUploaded(photoUrl);
      // The stored photo replaces the local preview, whose memory is then released.
      setPreview(null);
      notify.success(t`Your photo has been updated.`);
    } catch (failure) {
      setPreview(null);
      const { status, errors, message } = failure as UploadFailure;
      const serverMessage = errors.photo?.[0] ?? (status === 413 || status === 422 ? message : '');
      if (serverMessage) setError(serverMessage);
      else notify.error(i18n._(SOMETHING_WENT_WRONG));
    } finally {
      setProgress(null);
    }
  };

  const uploading = progress !== null;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <div className="client-photo">
      <div className="client-photo__frame">
        {shown ? (
          // The picture's subject is the profile photo itself (the page where it is changed), not a description of a scene.
          // eslint-disable-next-line jsx-a11y/img-redundant-alt
          <img className="client-photo__image" src={shown} alt={t`Your profile photo`} />
        ) : (
          <span className="client-photo__initials" aria-hidden="true">
            {initialsText}
          </span>
        )}
      </div>
      <div className="client-photo__body">
        <p className="client-photo__title" id="client-photo-title">
          {t`Profile photo`}
        </p>
        <p className="client-photo__hint" id="client-photo-hint">
          {t`SVG, PNG or GIF, at most 800×400 px.`} {t`A photo from your phone (JPEG, WebP or HEIC) is cropped to a square.`}
        </p>
        <input
          ref={inputRef}
          id="client-photo-input"
          className="ui-visually-hidden"
          type="file"
          aria-labelledby="client-photo-title"
          accept={PHOTO_ACCEPT}
          aria-describedby={`client-photo-hint${error ? ' client-photo-error' : ''}`}
          aria-invalid={Boolean(error)}
          disabled={uploading}
          onChange={choose}
          tabIndex={-1}
        />
        <button
          type="button"
          className="ui-button ui-button--ghost"
          disabled={uploading}
          aria-describedby={`client-photo-hint${error ? ' client-photo-error' : ''}`}
          onClick={() => inputRef.current?.click()}
        >
          {shown ? t`Change photo` : t`Upload photo`}
        </button>
        {uploading && (
          <div className="client-photo__progress">
            <label htmlFor="client-photo-progress">{t`Uploading… ${percent}%`}</label>
            <progress id="client-photo-progress" max={100} value={percent} />
          </div>
        )}
        {error && (
          <p className="client-photo__error" id="client-photo-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
