import type { HandoverSet } from '@medallion/contracts/rental-handover';
import { HANDOVER_SLOTS } from '@medallion/contracts/rental-handover';
import { useTranslation } from 'react-i18next';

/** One party's set: each view labeled, the odometer, the fuel or charge level and the server's time. */
export function HandoverSetView({ set }: { set: HandoverSet }) {
  const { t, i18n } = useTranslation('handover');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/New_York' }).format(
    new Date(set['submitted-at']),
  );
  const who = t(`party.${set.party}`);
  return (
    <section
      aria-label={t('setLabel', { party: who, stage: t(`stage.${set.stage}`) })}
      className="flex flex-col gap-2 rounded-xl bg-slate-50 p-3"
      data-testid={`set-${set.stage}-${set.party}`}
    >
      <h4 className="font-semibold">{who}</h4>
      <p className="text-sm text-slate-700">
        {t('readings', { odometer: set.odometer.toLocaleString(i18n.language), fuel: set.fuel })} · {t('sentAt', { when })}
      </p>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {HANDOVER_SLOTS.map((slot) =>
          set.photos[slot] ? (
            <li key={slot} className="flex flex-col gap-1">
              <img
                src={set.photos[slot]}
                alt={t('photoAlt', { slot: t(`slot.${slot}`), party: who })}
                loading="lazy"
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
              <span className="text-xs text-slate-600">{t(`slot.${slot}`)}</span>
            </li>
          ) : null,
        )}
      </ul>
    </section>
  );
}

/** Photos of a claim. */
export function ClaimPhotos({ photos }: { photos: string[] }) {
  const { t } = useTranslation('handover');
  return (
    <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {photos.map((src, i) => (
        <li key={src}>
          <img src={src} alt={t('claimPhotoAlt', { n: i + 1 })} loading="lazy" className="aspect-[4/3] w-full rounded-lg object-cover" />
        </li>
      ))}
    </ul>
  );
}
