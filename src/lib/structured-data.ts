/**
 * Structured data (schema.org JSON-LD) from the site config and the offer: the kit's Product
 * with its Offer, return policy and shipping, so it qualifies for merchant listings, and the
 * Organization behind the site.
 */
import { kit } from '../config/offer.ts';

export interface ProductInput {
  name: string;
  description: string;
  /** Absolute URL of the product image. */
  image: string;
  /** Absolute URL of the product page. */
  url: string;
  brand: string;
}

export function productJsonLd({ name, description, image, url, brand }: ProductInput) {
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
      priceCurrency: kit.currency,
      price: kit.price.toFixed(2),
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'US',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: kit.guaranteeDays,
        returnMethod: 'https://schema.org/ReturnByMail',
        returnFees: 'https://schema.org/FreeReturn',
      },
      shippingDetails: {
        '@type': 'OfferShippingDetails',
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 5, unitCode: 'DAY' },
        },
      },
    },
  };
}

export function organizationJsonLd({ name, url, logo }: { name: string; url: string; logo: string }) {
  return { '@context': 'https://schema.org', '@type': 'Organization', name, url, logo };
}
