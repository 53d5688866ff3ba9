/**
 * Structured data (schema.org JSON-LD): the kit's Product with its Offer, and the owner's return
 * and shipping terms where stated, so it qualifies for merchant listings; and the Organization
 * behind the site.
 */
/** The seller's shipping and return terms, as the owner states them; an unstated term is left out. */
export interface ShippingTerms {
  country?: string | undefined;
  rate?: number | undefined;
  handlingDaysMax?: number | undefined;
  transitDaysMin?: number | undefined;
  transitDaysMax?: number | undefined;
  returnMethod: 'not stated' | 'by mail' | 'in store';
  returnFees: 'not stated' | 'free' | 'paid by the customer';
}

export interface ProductInput {
  name: string;
  description: string;
  /** Absolute URL of the product image. */
  image: string;
  /** Absolute URL of the product page. */
  url: string;
  brand: string;
  /** Price in US dollars. */
  price: number;
  /** The guarantee: how many days a buyer has to send it back. */
  returnDays: number;
  shipping: ShippingTerms;
}

const RETURN_METHODS = { 'by mail': 'ReturnByMail', 'in store': 'ReturnInStore' } as const;
const RETURN_FEES = {
  free: 'FreeReturn',
  'paid by the customer': 'ReturnFeesCustomerResponsibility',
} as const;

export function productJsonLd({
  name,
  description,
  image,
  url,
  brand,
  price,
  returnDays,
  shipping,
}: ProductInput) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name,
    description,
    image: [image],
    brand: { '@type': 'Brand', name: brand },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'USD',
      price: price.toFixed(2),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      ...definedOnly({
        hasMerchantReturnPolicy: returnPolicy(shipping, returnDays),
        shippingDetails: shippingDetails(shipping),
      }),
    },
  };
}

/** Returns are a policy only where the owner names the country they apply in. */
function returnPolicy(shipping: ShippingTerms, returnDays: number) {
  if (!shipping.country) return undefined;
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: shipping.country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: returnDays,
    ...definedOnly({
      returnMethod:
        shipping.returnMethod === 'not stated'
          ? undefined
          : `https://schema.org/${RETURN_METHODS[shipping.returnMethod]}`,
      returnFees:
        shipping.returnFees === 'not stated'
          ? undefined
          : `https://schema.org/${RETURN_FEES[shipping.returnFees]}`,
    }),
  };
}

/** Search engines need a destination, a rate and the delivery time: without all of them, no shipping record. */
function shippingDetails(shipping: ShippingTerms) {
  const { country, rate, handlingDaysMax, transitDaysMin, transitDaysMax } = shipping;
  if (
    !country ||
    rate === undefined ||
    handlingDaysMax === undefined ||
    transitDaysMin === undefined ||
    transitDaysMax === undefined
  ) {
    return undefined;
  }
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: rate.toFixed(2), currency: 'USD' },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: country },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: handlingDaysMax, unitCode: 'DAY' },
      transitTime: {
        '@type': 'QuantitativeValue',
        minValue: transitDaysMin,
        maxValue: transitDaysMax,
        unitCode: 'DAY',
      },
    },
  };
}

function definedOnly<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function organizationJsonLd({ name, url, logo }: { name: string; url: string; logo: string }) {
  return { '@context': 'https://schema.org', '@type': 'Organization', name, url, logo };
}
