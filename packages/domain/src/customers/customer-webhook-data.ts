/** A customer as webhook subscribers receive it: who they are and how to reach them, never their notes. */
export function customerWebhookData(customer: {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  street: string;
  city: string;
  region: string;
  postcode: string;
}) {
  return {
    id: customer.id,
    name: customer.name,
    email: customer.email,
    phone: customer.phone,
    tags: customer.tags,
    address: { street: customer.street, city: customer.city, region: customer.region, postcode: customer.postcode },
  };
}
