-- Reference lists (spec 1 §9). Data, not behaviour: kept in a migration so every database has them.
INSERT INTO refs_user_lifecycle_status (id, name) VALUES
  (1, 'Created'), (2, 'Active'), (3, 'Inactive'), (4, 'Deleted'), (5, 'Declined');
--> statement-breakpoint
INSERT INTO refs_user_type (id, type) VALUES (1, 'Agent'), (2, 'Internal'), (3, 'Corporate');
--> statement-breakpoint
INSERT INTO refs_user_tier (id, name) VALUES (1, 'Tier 1'), (2, 'Tier 2'), (3, 'Tier 3'), (4, 'Tier 4');
--> statement-breakpoint
INSERT INTO refs_structure_level (id, level_name) VALUES
  (1, 'Admin'), (2, 'Super Dealer'), (3, 'Dealer'), (4, 'Sales Manager'), (5, 'Tier 2 Team Leader'),
  (6, 'Tier 1 Team Leader'), (7, 'Assistant Team Leader'), (8, 'Agent');
--> statement-breakpoint
INSERT INTO refs_gender (code, name) VALUES ('M', 'Male'), ('F', 'Female');
--> statement-breakpoint
INSERT INTO refs_identity_doc_type (code, name) VALUES ('RSAID', 'SA ID'), ('PASSPORT', 'Passport');
--> statement-breakpoint
INSERT INTO refs_payment_type (code, name) VALUES ('bank', 'Bank'), ('eWallet', 'eWallet');
--> statement-breakpoint
INSERT INTO refs_bank_account_type (id, name) VALUES (1, 'Cheque'), (2, 'Savings');
--> statement-breakpoint
INSERT INTO refs_bank (id, name, branch_code) VALUES
  (1, 'ABSA', '632005'), (2, 'African Bank', '430000'), (3, 'Bank of Athens', '410506'), (4, 'Bidvest', '462005'),
  (5, 'Capitec', '470010'), (6, 'First National Bank', '250655'), (7, 'Investec', '580105'), (8, 'Nedbank', '198765'),
  (9, 'SA Post Bank', '460005'), (10, 'Standard Bank', '051001'), (11, 'Tyme Bank', '678910'), (12, 'Discovery Bank', '679000');
--> statement-breakpoint
INSERT INTO refs_province (code, name) VALUES
  ('EC', 'Eastern Cape'), ('FS', 'Free State'), ('GP', 'Gauteng'), ('KZN', 'KwaZulu-Natal'), ('LP', 'Limpopo'),
  ('MP', 'Mpumalanga'), ('NC', 'Northern Cape'), ('NW', 'North West'), ('WC', 'Western Cape');
--> statement-breakpoint
INSERT INTO refs_shirt_size (code, sort_order) VALUES ('SMALL', 1), ('MEDIUM', 2), ('LARGE', 3);
--> statement-breakpoint
INSERT INTO refs_network (code, name, is_rica, is_sales) VALUES
  ('MTN', 'MTN', true, true), ('Vodacom', 'Vodacom', true, true), ('Telkom', 'Telkom', true, true),
  ('cellc', 'Cell C', true, false), ('dash', 'Dash', true, false), ('hello', 'Hello Mobile', true, false);
--> statement-breakpoint
INSERT INTO refs_country (code, name, sort_order) VALUES
  ('ZAF', 'South Africa', 0),
  ('AGO', 'Angola', 100), ('BWA', 'Botswana', 100), ('COD', 'Congo (Democratic Republic)', 100), ('COG', 'Congo', 100),
  ('CMR', 'Cameroon', 100), ('EGY', 'Egypt', 100), ('ETH', 'Ethiopia', 100), ('GHA', 'Ghana', 100), ('KEN', 'Kenya', 100),
  ('LSO', 'Lesotho', 100), ('MDG', 'Madagascar', 100), ('MWI', 'Malawi', 100), ('MOZ', 'Mozambique', 100),
  ('MUS', 'Mauritius', 100), ('NAM', 'Namibia', 100), ('NGA', 'Nigeria', 100), ('RWA', 'Rwanda', 100),
  ('SEN', 'Senegal', 100), ('SOM', 'Somalia', 100), ('SWZ', 'Eswatini', 100), ('TZA', 'Tanzania', 100),
  ('UGA', 'Uganda', 100), ('ZMB', 'Zambia', 100), ('ZWE', 'Zimbabwe', 100), ('BDI', 'Burundi', 100),
  ('CIV', 'Côte d''Ivoire', 100), ('DZA', 'Algeria', 100), ('ERI', 'Eritrea', 100), ('GAB', 'Gabon', 100),
  ('MAR', 'Morocco', 100), ('SDN', 'Sudan', 100), ('SSD', 'South Sudan', 100), ('TUN', 'Tunisia', 100),
  ('AUS', 'Australia', 100), ('BGD', 'Bangladesh', 100), ('BRA', 'Brazil', 100), ('CAN', 'Canada', 100),
  ('CHN', 'China', 100), ('DEU', 'Germany', 100), ('ESP', 'Spain', 100), ('FRA', 'France', 100),
  ('GBR', 'United Kingdom', 100), ('GRC', 'Greece', 100), ('IND', 'India', 100), ('IRL', 'Ireland', 100),
  ('ITA', 'Italy', 100), ('JPN', 'Japan', 100), ('NLD', 'Netherlands', 100), ('NZL', 'New Zealand', 100),
  ('PAK', 'Pakistan', 100), ('PRT', 'Portugal', 100), ('ARE', 'United Arab Emirates', 100), ('USA', 'United States', 100);
--> statement-breakpoint
INSERT INTO features_master (id, name) VALUES
  (1, 'Commissions'), (2, 'Deals'), (3, 'Reallocations'), (4, 'Sales Assist'), (5, 'Agent Support'),
  (6, 'Access Control'), (7, 'Users Management');
--> statement-breakpoint
INSERT INTO refs_supplier_status (id, status) VALUES (1, 'Active'), (2, 'Registered only'), (3, 'Hidden');
--> statement-breakpoint
INSERT INTO refs_supplier_contact_type (id, name) VALUES (1, 'Sales'), (2, 'Support'), (3, 'Finance');
--> statement-breakpoint
INSERT INTO refs_product_status (id, status_name) VALUES (1, 'Active'), (2, 'Discontinued'), (3, 'Coming soon');
--> statement-breakpoint
INSERT INTO refs_deal_type (id, deal_type_name) VALUES (1, 'Standard'), (2, 'Promotional');
--> statement-breakpoint
INSERT INTO refs_supplier_assist_email_type (id, name) VALUES (1, 'Sales Assist'), (2, 'Agent Support');
--> statement-breakpoint
INSERT INTO app_settings (key, value) VALUES ('commission_freeze', 'false'::jsonb);
