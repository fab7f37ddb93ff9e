import type { DeliveryMethod } from '@contract/api/checkout';
import { RadioGroupField, type RadioOption } from '@/components/form/RadioGroupField';
import type { FieldText } from '@/components/form/FieldText';
import { POSTED_DELIVERY } from '../../../../components/form/validation/customerDetailsSchema';

type Props = {
  methods: readonly DeliveryMethod[];
  /** The venue's own words under eTicket (venue flag eTicketDescription). */
  eTicketDescription: string | undefined;
};

/**
 * The ways the server offers for this hold, in the venue's order. Post reads "Post" at UK
 * venues and "Mail" at US ones (the locale's wording), with where it can go said beneath it.
 */
export function DeliveryMethodField({ methods, eTicketDescription }: Props) {
  const options: RadioOption[] = methods.map((method) => {
    const hint: FieldText | undefined =
      method === 'eTicket' && eTicketDescription !== undefined && eTicketDescription !== ''
        ? { text: eTicketDescription }
        : method === POSTED_DELIVERY
          ? 'delivery.post.restriction'
          : undefined;
    return { value: method, label: `delivery.method.${method}`, ...(hint ? { hint } : {}) };
  });
  return (
    <RadioGroupField name="deliveryMethod" legend="delivery.method.legend" options={options} />
  );
}
