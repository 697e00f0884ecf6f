-- Units sold and bought only grow, by up to 1,000,000 a line: an INT would stop a seller's
-- purchases past 2,147,483,647 units, and only after their payment was approved.
ALTER TABLE sellers MODIFY items_sold BIGINT NOT NULL DEFAULT 0;
ALTER TABLE buyers MODIFY items_purchased BIGINT NOT NULL DEFAULT 0;
