import type { ClassifierOpinion } from '../../../../common/classifier-contract';
import { useT } from '../../i18n/i18n-context';
import { VisibleText } from '../../ui/visible-text';
import { WhyRow } from './why-row';

/**
 * What Gatehouse's classifier made of a call it left to a person: the class it looks like and why it held
 * back (docs/engine.md, Layer 3). A model's own reason is shown as it said it.
 */
export function ClassifierOpinionRow({ opinion }: { readonly opinion: ClassifierOpinion }) {
  const t = useT();
  const looks = opinion.looks ? t(`classifier.looks.${opinion.looks}`) : undefined;
  const sentence = looks
    ? t(`classifier.hold.${opinion.hold}.looks`, { looks, class: t(`classifier.class.${opinion.looks!}`) })
    : t(`classifier.hold.${opinion.hold}`);
  return (
    <WhyRow term={t('classifier.opinion')}>
      <span className="why__detail" data-classifier-hold={opinion.hold}>
        {sentence}
        {opinion.confidence !== undefined &&
          ` ${t('classifier.confidence', { confidence: opinion.confidence.toFixed(2) })}`}
      </span>
      {opinion.detail && (
        <span className="why__detail">
          <VisibleText text={opinion.detail} />
        </span>
      )}
    </WhyRow>
  );
}
