import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TenantAdRequest } from '@husly/contracts';
import {
  TENANT_AD_TEXT_LIMITS,
  TENANT_DWELLING_TYPES,
  TENANT_TIMEFRAMES,
  validateTenantAdForm,
  type TenantAd,
  type TenantDwellingType,
  type TenantTimeframe,
} from '@husly/domain';
import { FormMessage } from '../../../components/ui/alerts';
import { CheckboxField, CheckboxGroup, Field, SubmitButton, TextAreaField, TextField, formStyles } from '../../../components/ui/form-field';
import { isHttpError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { usePageTitle } from '../../../lib/document-head';
import { useSite } from '../../../lib/site-context';
import { useBusyAction } from '../../../lib/use-busy-action';
import { AreaField } from '../components/area-field';
import { TenantSliders } from '../components/tenant-sliders';
import { fieldErrorsFromApi, tenantAdApi } from '../tenant-ad-api';
import styles from '../tenant-ad.module.css';

/** How long the not-activated warning stays before the subscription page opens. */
const REDIRECT_AFTER_MS = 3500;

type Outcome = { kind: 'saved'; listed: boolean; area: string } | { kind: 'not-activated' } | { kind: 'failed'; message?: string } | null;
/** The ad's address and its link (issue 29): what the mail's ?verify= did, and the "send again" button. */
type Verification = 'verified' | 'invalid' | 'resending' | 'resent' | { failed: string } | null;

/**
 * /profile/tenant, "Min boligannonce" (section 2): every field of section 3's tenant ad, the sliders
 * of section 9 and the availability date, checked by the same rules the API enforces. Saving keeps
 * the ad; without an active subscription it warns and moves on to /profile/subscription (section 4).
 */
export function TenantAdEditorPage() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const { language } = useSite();
  usePageTitle(t('tenantAd.editor.title'));
  const [ad, setAd] = useState<TenantAd | null>(null);
  const [publish, setPublish] = useState(true);
  const [listed, setListed] = useState(false);
  // The stored address and whether it is proven; the field may hold an unsaved edit.
  const [contact, setContact] = useState<{ email: string; verified: boolean } | null>(null);
  const [verification, setVerification] = useState<Verification>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  // The token of the mailed link, read once: it leaves the address bar as soon as it is posted.
  const [verifyToken] = useState(() => searchParams.get('verify'));
  // Loaded once per page, also where StrictMode runs effects twice: the link is posted once.
  const loading = useRef(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // One save however often pressed (issue 29); the button comes back after success or error.
  const { busy: saving, run } = useBusyAction();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (loading.current) return;
    loading.current = true;
    const calls = tenantAdApi(api);
    // Following the link twice (a reload, two tabs) is answered as once by the API.
    const load = verifyToken
      ? calls.verifyEmail(verifyToken).then(
          (response) => {
            setVerification('verified');
            return response;
          },
          (error: unknown) => {
            if (!isHttpError(error, 400)) throw error;
            setVerification('invalid');
            return calls.mine();
          },
        )
      : calls.mine();
    load
      .then((response) => {
        setAd(response.ad);
        setPublish(response.publish);
        setListed(response.listed);
        setContact(response.saved ? { email: response.ad.profile.email, verified: response.emailVerified } : null);
      })
      .catch(() => setLoadFailed(true));
    if (verifyToken) {
      setSearchParams(
        (params) => {
          params.delete('verify');
          return params;
        },
        { replace: true },
      );
    }
  }, [api, verifyToken, setSearchParams]);

  useEffect(() => {
    if (outcome?.kind !== 'not-activated') return;
    const timer = setTimeout(() => void navigate('/profile/subscription'), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate]);

  if (loadFailed) return <FormMessage kind="error">{t('tenantAd.messages.failed')}</FormMessage>;
  if (!ad) return <p className={styles.muted}>{t('tenantAd.editor.loading')}</p>;

  // A field's error goes as soon as the seeker changes that field; the rest stay until the next save.
  const clearErrors = (group: string, patch: object) => {
    const fields = Object.keys(patch).map((key) => `${group}-${key}`);
    if (fields.some((f) => f in errors)) setErrors(Object.fromEntries(Object.entries(errors).filter(([f]) => !fields.includes(f))));
  };
  const setProfile = (patch: Partial<TenantAd['profile']>) => {
    clearErrors('profile', patch);
    setAd({ ...ad, profile: { ...ad.profile, ...patch } });
  };
  const setHousing = (patch: Partial<TenantAd['housing']>) => {
    clearErrors('housing', patch);
    setAd({ ...ad, housing: { ...ad.housing, ...patch } });
  };
  const setText = (patch: Partial<TenantAd['ad']>) => {
    clearErrors('ad', patch);
    setAd({ ...ad, ad: { ...ad.ad, ...patch } });
  };

  const focusFirstError = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(send);
  };

  const send = async () => {
    setOutcome(null);
    const problems = validateTenantAdForm(ad, new Date(), language);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      setOutcome({ kind: 'failed', message: t('tenantAd.messages.fixFields') });
      focusFirstError();
      return;
    }
    setErrors({});
    try {
      const body: TenantAdRequest = { ...ad, publish };
      const response = await tenantAdApi(api).save(body);
      setAd(response.ad);
      setListed(response.listed);
      setContact({ email: response.ad.profile.email, verified: response.emailVerified });
      if (!response.emailVerified) setVerification(null);
      setOutcome(response.warning === 'not-activated' ? { kind: 'not-activated' } : { kind: 'saved', listed: response.listed, area: response.ad.housing.area });
    } catch (error) {
      if (isHttpError(error, 400)) {
        setErrors(fieldErrorsFromApi(error.body));
        focusFirstError();
      }
      setOutcome({ kind: 'failed' });
    }
  };

  const err = (field: string) => errors[field];

  const resend = async () => {
    setVerification('resending');
    try {
      await tenantAdApi(api).sendVerification();
      setVerification('resent');
    } catch (error) {
      const message = isHttpError(error, 429) ? (error.body as { message?: string } | undefined)?.message : undefined;
      setVerification({ failed: message ?? t('tenantAd.messages.failed') });
    }
  };

  return (
    <section className={styles.editor} data-testid="tenant-ad-editor">
      <header className={styles.editorHeader}>
        <h2 className={styles.heading}>{t('tenantAd.editor.heading')}</h2>
        <p className={styles.muted}>{t('tenantAd.editor.intro')}</p>
        <p className={`${styles.badge} ${listed ? styles.badgeOn : ''}`} data-testid="tenant-ad-status">
          {listed ? t('tenantAd.editor.statusListed') : t('tenantAd.editor.statusNotListed')}
        </p>
        {verification === 'verified' && contact?.verified && (
          <FormMessage kind="success">{t('tenantAd.verification.verified')}</FormMessage>
        )}
        {/* Landlords' messages reach only a proven address: until then the relay refuses them. */}
        {contact && !contact.verified && (
          <FormMessage kind="warning" as="div" data-testid="tenant-ad-email-unverified">
            <p>
              <strong>{t('tenantAd.verification.pending')}</strong>
            </p>
            {verification === 'invalid' && <p>{t('tenantAd.verification.invalid')}</p>}
            <p>{t('tenantAd.verification.pendingText', { email: contact.email })}</p>
            {verification === 'resent' && <p>{t('tenantAd.verification.resent', { email: contact.email })}</p>}
            {typeof verification === 'object' && verification !== null && <p role="alert">{verification.failed}</p>}
            <p>
              <button type="button" className="button" disabled={verification === 'resending'} onClick={() => void resend()}>
                {verification === 'resending' ? t('tenantAd.verification.resending') : t('tenantAd.verification.resend')}
              </button>
            </p>
          </FormMessage>
        )}
      </header>

      <form method="post" ref={formRef} className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={styles.fieldset}>
          <legend>{t('tenantAd.editor.aboutYou')}</legend>
          <div className={styles.grid}>
            <TextField label={t('tenantAd.fields.name')} error={err('profile-name')} name="profile-name" value={ad.profile.name} maxLength={TENANT_AD_TEXT_LIMITS.name} autoComplete="name" onChange={(name) => setProfile({ name })} />
            <TextField label={t('tenantAd.fields.email')} error={err('profile-email')} hint={t('tenantAd.hints.private')} name="profile-email" type="email" value={ad.profile.email} maxLength={TENANT_AD_TEXT_LIMITS.email} autoComplete="email" onChange={(email) => setProfile({ email })} />
            <TextField label={t('tenantAd.fields.phone')} hint={t('tenantAd.hints.private')} name="profile-phone" type="tel" value={ad.profile.phone} maxLength={TENANT_AD_TEXT_LIMITS.phone} autoComplete="tel" onChange={(phone) => setProfile({ phone })} />
            <TextField label={t('tenantAd.fields.phonealt')} name="profile-phonealt" type="tel" value={ad.profile.phonealt} maxLength={TENANT_AD_TEXT_LIMITS.phone} onChange={(phonealt) => setProfile({ phonealt })} />
            <Field label={t('tenantAd.fields.gender')}>
              {(props) => (
                <select {...props} name="profile-gender" value={ad.profile.gender ?? ''} onChange={(e) => setProfile({ gender: e.target.value === 'male' || e.target.value === 'female' ? e.target.value : null })}>
                  <option value="">{t('tenantAd.values.genderNone')}</option>
                  <option value="female">{t('tenantAd.values.female')}</option>
                  <option value="male">{t('tenantAd.values.male')}</option>
                </select>
              )}
            </Field>
            <Field label={t('tenantAd.fields.age')} error={err('profile-age')}>
              {(props) => (
                <input
                  {...props}
                  name="profile-age"
                  inputMode="numeric"
                  value={ad.profile.age === null ? '' : String(ad.profile.age)}
                  onChange={(e) => {
                    const digits = e.target.value.replace(/\D/g, '').slice(0, 3);
                    setProfile({ age: digits === '' ? null : Number(digits) });
                  }}
                />
              )}
            </Field>
            <TextField label={t('tenantAd.fields.profession')} name="profile-profession" value={ad.profile.profession} maxLength={TENANT_AD_TEXT_LIMITS.profession} onChange={(profession) => setProfile({ profession })} />
          </div>
          <CheckboxField name="profile-rki" checked={ad.profile.rki} onChange={(rki) => setProfile({ rki })} label={t('tenantAd.fields.rki')} />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('tenantAd.editor.theHome')}</legend>
          <AreaField value={ad.housing.area} onChange={(area) => setHousing({ area })} error={err('housing-area')} />
          <TenantSliders values={ad.housing} onChange={(name, value) => setHousing({ [name]: value })} errors={errors} />
          <div className={styles.choices}>
            <CheckboxGroup
              legend={t('tenantAd.fields.dwelling')}
              name="housing-dwelling"
              options={TENANT_DWELLING_TYPES}
              value={ad.housing.dwelling}
              onChange={(dwelling) => setHousing({ dwelling })}
              optionLabel={(type: TenantDwellingType) => t(`tenantAd.dwelling.${type}`)}
            />
            <CheckboxGroup
              legend={t('tenantAd.fields.timeframe')}
              name="housing-timeframe"
              options={TENANT_TIMEFRAMES}
              value={ad.housing.timeframe}
              onChange={(timeframe) => setHousing({ timeframe })}
              optionLabel={(frame: TenantTimeframe) => t(`tenantAd.timeframe.${frame}`)}
            />
          </div>
          <TextField label={t('tenantAd.fields.available')} error={err('housing-available')} hint={t('tenantAd.hints.date')} name="housing-available" inputMode="numeric" placeholder={t('tenantAd.hints.datePlaceholder')} maxLength={10} value={ad.housing.available} onChange={(available) => setHousing({ available })} />
        </fieldset>

        <fieldset className={styles.fieldset}>
          <legend>{t('tenantAd.editor.theAd')}</legend>
          <TextField label={t('tenantAd.fields.subject')} error={err('ad-subject')} name="ad-subject" value={ad.ad.subject} maxLength={TENANT_AD_TEXT_LIMITS.subject} onChange={(subject) => setText({ subject })} />
          <TextAreaField label={t('tenantAd.fields.text')} error={err('ad-text')} hint={t('tenantAd.hints.text')} name="ad-text" rows={7} value={ad.ad.text} maxLength={TENANT_AD_TEXT_LIMITS.text} onChange={(text) => setText({ text })} />
          <CheckboxField name="publish" checked={publish} onChange={setPublish} label={t('tenantAd.fields.publish')} />
        </fieldset>

        {outcome?.kind === 'saved' && (
          <FormMessage kind="success" as="div">
            <p>{t('tenantAd.messages.saved')}</p>
            {outcome.listed && (
              <p>
                <Link to={`/udlejer/${outcome.area}`}>{t('tenantAd.messages.seeAsLandlord')}</Link>
              </p>
            )}
          </FormMessage>
        )}
        {outcome?.kind === 'not-activated' && (
          <FormMessage kind="warning" as="div" role="alert" data-testid="tenant-ad-not-activated">
            <p>
              <strong>{t('tenantAd.messages.notActivated')}</strong>
            </p>
            <p>{t('tenantAd.messages.notActivatedText')}</p>
            <p>
              <Link to="/profile/subscription">{t('tenantAd.messages.toSubscription')}</Link>
            </p>
          </FormMessage>
        )}
        {/* "Fix the marked fields" goes with the last marked field; a failed save stays until the next. */}
        {outcome?.kind === 'failed' && (outcome.message === undefined || Object.keys(errors).length > 0) && (
          <FormMessage kind="error">{outcome.message ?? t('tenantAd.messages.failed')}</FormMessage>
        )}
        <div className={formStyles.actions}>
          <SubmitButton busy={saving} busyText={t('tenantAd.editor.saving')}>
            {t('tenantAd.editor.save')}
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
