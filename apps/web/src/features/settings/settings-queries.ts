import { companySettingsEndpoints } from "@fieldops/shared/company-settings";
import { COMPANY_QUERY_KEY } from "../../lib/company";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

/** The profile and the company read from it (name, branding) change together. */
const PROFILE_READS = [endpointKey(companySettingsEndpoints.profile), COMPANY_QUERY_KEY];

export const useCompanyProfile = (enabled = true) =>
  useEndpointQuery(companySettingsEndpoints.profile, {}, { enabled });

export const useUpdateCompanyProfile = () =>
  useEndpointMutation(companySettingsEndpoints.updateProfile, { invalidates: PROFILE_READS });

export const useUploadLogo = () =>
  useEndpointMutation(companySettingsEndpoints.uploadLogo, { invalidates: PROFILE_READS });
export const useRemoveLogo = () =>
  useEndpointMutation(companySettingsEndpoints.removeLogo, { invalidates: PROFILE_READS });
