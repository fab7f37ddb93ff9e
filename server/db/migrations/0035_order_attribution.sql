-- Campaign attribution on orders (issue 24): the campaign that brought the buyer (spec §2's
-- crmCampaignId, crmUserId, crmEmail and src, sent with the pay request) and the venue's
-- `sourceId` when the order was paid, for the venue's reporting. NULL when not sent. The pay
-- request checks each value's pattern; the CHECKs bound them whatever the application does.
ALTER TABLE orders
  ADD COLUMN crm_campaign_id text CHECK (char_length(crm_campaign_id) BETWEEN 1 AND 255),
  ADD COLUMN crm_user_id text CHECK (char_length(crm_user_id) BETWEEN 1 AND 255),
  ADD COLUMN crm_email text CHECK (char_length(crm_email) BETWEEN 3 AND 254),
  ADD COLUMN src text CHECK (char_length(src) BETWEEN 1 AND 255),
  ADD COLUMN source_id text CHECK (char_length(source_id) BETWEEN 1 AND 60);
