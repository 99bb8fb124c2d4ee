import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'react-router-dom';
import { isApiError } from 'shared/api';
import { SelectField, TextField, useForm } from 'shared/forms';
import { currentLocale } from 'shared/i18n';
import { SignUpSchema, type AccountType } from 'shared/schemas';
import { ChoiceGroup } from '../common/choice-group';
import { PasswordField } from '../common/password-field';
import { AuthLayout } from '../common/auth-layout';
import { authApi } from '../common/api/auth-api';
import { countryOptions } from './countries';
import { VerifyEmailNotice } from './verify-email-notice';

const PERSONAL_FIELDS = ['first_name', 'last_name', 'email', 'country', 'city', 'phone_number', 'account_type', 'specialist_kind'] as const;
const TOTAL_STEPS = 2;

interface SignUpPageProps {
  /** `/sign-up-specialists` opens with the specialist account already chosen. */
  preset?: AccountType;
}

/** Two steps (personal info, then authorization), then the verify-your-email screen. */
export function SignUpPage({ preset = 'client' }: SignUpPageProps) {
  const { t, i18n } = useLingui();
  const location = useLocation();
  const routedEmail = (location.state as { verifyEmail?: unknown } | null)?.verifyEmail;
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(typeof routedEmail === 'string' && routedEmail ? routedEmail : null);
  const [step, setStep] = useState<1 | 2>(1);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStepRender = useRef(true);

  const form = useForm({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      country: '',
      city: '',
      phone_number: '',
      account_type: preset as string,
      specialist_kind: '',
      password: '',
      password_confirmation: '',
    },
    schema: SignUpSchema,
    toInput: (values) => ({
      ...values,
      specialist_kind: values.account_type === 'specialist' && values.specialist_kind ? values.specialist_kind : undefined,
    }),
  });

  useEffect(() => {
    if (typeof routedEmail === 'string' && routedEmail) setRegisteredEmail(routedEmail);
  }, [routedEmail]);

  // A new step is announced by moving focus to the page title, unless a field
  // sent back by the server (an address already registered) has taken it.
  useEffect(() => {
    if (firstStepRender.current) {
      firstStepRender.current = false;
      return;
    }
    if (!form.formRef.current?.querySelector('[aria-invalid="true"]')) titleRef.current?.focus();
  }, [step, form.formRef]);

  if (registeredEmail) return <VerifyEmailNotice email={registeredEmail} />;

  const next = (event: FormEvent) => {
    event.preventDefault();
    if (form.validateFields([...PERSONAL_FIELDS])) setStep(2);
  };

  const submit = form.handleSubmit(async (output) => {
    try {
      const answer = await authApi.signUp({ ...output, locale: currentLocale() });
      setRegisteredEmail(answer?.email ?? output.email);
    } catch (error) {
      // A refused e-mail ("already registered") belongs to step 1: show it there.
      if (isApiError(error) && PERSONAL_FIELDS.some((name) => error.errors[name])) setStep(1);
      throw error;
    }
  });

  const specialist = form.values.account_type === 'specialist';
  const total = TOTAL_STEPS;
  const title = preset === 'specialist' ? <Trans>Create your specialist account</Trans> : <Trans>Create your account</Trans>;

  return (
    <AuthLayout
      titleRef={titleRef}
      title={title}
      footer={
        <p>
          <Trans>
            Already have an account? <Link to="/login">Sign in</Link>
          </Trans>
        </p>
      }
    >
      <div className="auth-steps">
        <p className="auth-steps__count">{t`Step ${step} of ${total}`}</p>
        <div className="auth-steps__bar" aria-hidden="true">
          <div className="auth-steps__fill" style={{ width: `${(step / TOTAL_STEPS) * 100}%` }} />
        </div>
        <ol className="auth-steps__list">
          <li aria-current={step === 1 ? 'step' : undefined}>{t`Personal info`}</li>
          <li aria-current={step === 2 ? 'step' : undefined}>{t`Authorization`}</li>
        </ol>
      </div>

      {step === 1 ? (
        <form className="auth-form" ref={form.formRef} onSubmit={next} noValidate aria-label={t`Personal info`}>
          <div className="auth-form__row auth-form__row--two">
            <TextField binding={form.field('first_name')} label={t`First name`} autoComplete="given-name" required />
            <TextField binding={form.field('last_name')} label={t`Last name`} autoComplete="family-name" required />
          </div>
          <TextField binding={form.field('email')} label={t`Email`} type="email" autoComplete="email" inputMode="email" required />
          <div className="auth-form__row auth-form__row--two">
            <SelectField
              binding={form.field('country')}
              label={t`Country`}
              placeholder={t`Select your country`}
              options={countryOptions(i18n)}
              autoComplete="country"
              required
            />
            <TextField binding={form.field('city')} label={t`City`} autoComplete="address-level2" required />
          </div>
          <TextField
            binding={form.field('phone_number')}
            label={t`Phone number`}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint={t`With the country code, for example +237 6 99 00 11 22.`}
            required
          />
          <ChoiceGroup
            binding={form.field('account_type')}
            legend={t`Account type`}
            options={[
              { value: 'client', label: t`Client`, description: t`I want to build or renovate.` },
              { value: 'specialist', label: t`Specialist`, description: t`I offer my services or products.` },
            ]}
          />
          {specialist && (
            <ChoiceGroup
              binding={form.field('specialist_kind')}
              legend={t`What kind of specialist are you?`}
              layout="chips"
              options={[
                { value: 'contractor', label: t`Contractor` },
                { value: 'vendor', label: t`Vendor` },
                { value: 'artisan', label: t`Artisan` },
                { value: 'expert', label: t`Expert` },
              ]}
            />
          )}
          <div className="auth-form__actions">
            <button type="submit" className="ui-button ui-button--accent">
              {t`Continue`}
            </button>
          </div>
        </form>
      ) : (
        <form className="auth-form" ref={form.formRef} onSubmit={submit} noValidate aria-label={t`Authorization`}>
          <PasswordField
            binding={form.field('password')}
            label={t`Password`}
            autoComplete="new-password"
            hint={t`At least 8 characters, with a number, a lowercase and an uppercase letter.`}
          />
          <PasswordField binding={form.field('password_confirmation')} label={t`Confirm password`} autoComplete="new-password" />
          <p className="auth-terms">
            <Trans>
              By creating an account you accept the{' '}
              <a href="/terms" target="_blank" rel="noopener">
                Terms of service<span className="ui-visually-hidden"> (opens in a new tab)</span>
              </a>
              .
            </Trans>
          </p>
          <div className="auth-form__actions">
            <button type="submit" className="ui-button ui-button--accent" disabled={form.submitting}>
              {form.submitting ? t`Creating your account…` : t`Create account`}
            </button>
            <button type="button" className="ui-button ui-button--ghost" onClick={() => setStep(1)}>
              {t`Back`}
            </button>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}

export function SignUpSpecialistsPage() {
  return <SignUpPage preset="specialist" />;
}
