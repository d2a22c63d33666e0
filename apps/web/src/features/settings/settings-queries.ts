import { API_PATHS } from "@fieldops/shared/api-paths";
import {
  companyProfileSchema,
  type UpdateCompanyProfileRequest,
  type UploadLogoRequest,
} from "@fieldops/shared/company-settings";
import { COMPANY_QUERY_KEY } from "../../lib/company";
import { sendJson, useParsedQuery, useWrite } from "../../lib/queries";
import { QUERY_KEYS } from "../../lib/query-keys";

export const useCompanyProfile = (enabled = true) =>
  useParsedQuery(QUERY_KEYS.companyProfile, companyProfileSchema, enabled);

export const useUpdateCompanyProfile = () =>
  useWrite(
    async (input: UpdateCompanyProfileRequest) =>
      companyProfileSchema.parse(await sendJson("PUT", API_PATHS.companyProfile, input)),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );

export const useUploadLogo = () =>
  useWrite(
    (input: UploadLogoRequest) => sendJson("PUT", API_PATHS.companyLogo, input),
    [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY],
  );
export const useRemoveLogo = () =>
  useWrite(() => sendJson("DELETE", API_PATHS.companyLogo), [QUERY_KEYS.companyProfile, COMPANY_QUERY_KEY]);
